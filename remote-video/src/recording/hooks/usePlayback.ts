import { type RefObject, useCallback, useEffect, useState } from 'react';

export interface Playback {
  playing: boolean;
  /** Where the take is, and how long it is, in seconds. */
  position: number;
  duration: number;
  muted: boolean;
  togglePlay(): void;
  seek(seconds: number): void;
  toggleMute(): void;
}

const MEDIA_EVENTS = [
  'play',
  'pause',
  'ended',
  'timeupdate',
  'seeked',
  'loadedmetadata',
  'durationchange',
  'volumechange',
] as const;

/**
 * The state of a `<video>` for the take's own controls, read back from the element's events so the
 * controls always show what the element does. `knownSeconds` (the measured length) stands in until
 * the element has read the duration from the file.
 */
export function usePlayback(video: RefObject<HTMLVideoElement | null>, knownSeconds: number): Playback {
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(knownSeconds);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const sync = () => {
      setPlaying(!element.paused && !element.ended);
      setPosition(element.currentTime);
      setMuted(element.muted);
      if (Number.isFinite(element.duration) && element.duration > 0) setDuration(element.duration);
    };
    for (const type of MEDIA_EVENTS) element.addEventListener(type, sync);
    sync();
    return () => {
      for (const type of MEDIA_EVENTS) element.removeEventListener(type, sync);
    };
  }, [video]);

  const togglePlay = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (!element.paused && !element.ended) {
      element.pause();
      return;
    }
    element.play().catch((error: unknown) => {
      // A pause before playback began rejects the play() it interrupted; nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('The recording could not be played', error);
    });
  }, [video]);

  // The position follows at once, not at the element's next event: a slider showing the old
  // position for a moment would send it back there on its `change` event.
  const seek = useCallback(
    (seconds: number) => {
      if (!video.current) return;
      video.current.currentTime = seconds;
      setPosition(seconds);
    },
    [video],
  );

  const toggleMute = useCallback(() => {
    if (video.current) video.current.muted = !video.current.muted;
  }, [video]);

  return { playing, position, duration, muted, togglePlay, seek, toggleMute };
}
