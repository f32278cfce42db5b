import { type Ref, useRef } from 'react';
import { usePlayback } from './hooks/usePlayback.ts';
import { useVideoBlob } from './hooks/useVideoBlob.ts';
import { formatClock } from './lib/clock.ts';
import type { Take } from './lib/take.ts';

interface Props {
  take: Take;
  /** The Play button, for focus to go to when the take has just been recorded. */
  playButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * The finished take, to watch before sending it; it plays from this browser, nothing is sent yet.
 * Its controls are the page's own (play, position, sound), not the browser's: they take the
 * product's focus ring on the dark player, and three Tab stops instead of seven.
 */
export function TakePlayback({ take, playButtonRef }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  useVideoBlob(video, take.blob);
  const playback = usePlayback(video, take.durationMs / 1000);
  const clock = (seconds: number) => formatClock(seconds * 1000);

  return (
    <figure className="video-playback">
      <div className="video-player">
        {/* biome-ignore lint/a11y/useMediaCaption: the candidate's own take, seconds old; no captions exist for it. */}
        <video
          ref={video}
          className="video-screen video-player-screen"
          preload="metadata"
          aria-label="Your recording"
        />
        <div className="video-player-controls">
          <button ref={playButtonRef} type="button" className="video-player-button" onClick={playback.togglePlay}>
            {playback.playing ? <PauseIcon /> : <PlayIcon />}
            <span className="visually-hidden">{playback.playing ? 'Pause' : 'Play'}</span>
          </button>
          <input
            type="range"
            className="video-player-seek"
            aria-label="Position"
            min={0}
            max={playback.duration}
            step={1}
            // Whole seconds, as the arrow keys move it: a value off the step would be rounded by the browser.
            value={Math.min(Math.round(playback.position), Math.floor(playback.duration))}
            aria-valuetext={`${clock(playback.position)} of ${clock(playback.duration)}`}
            onChange={(event) => playback.seek(Number(event.target.value))}
          />
          <span className="video-player-time" aria-hidden="true">
            {clock(playback.position)} / {clock(playback.duration)}
          </span>
          <button
            type="button"
            className="video-player-button"
            aria-pressed={playback.muted}
            onClick={playback.toggleMute}
          >
            {playback.muted ? <MutedIcon /> : <SoundIcon />}
            <span className="visually-hidden">Mute</span>
          </button>
        </div>
      </div>
      <figcaption className="video-muted">
        Your recording, {formatClock(take.durationMs)}. Play it back before you submit it.
      </figcaption>
    </figure>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12.5-7.5z" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 4.5h4.5v15H6zm7.5 0H18v15h-4.5z" />
    </svg>
  );
}

function SoundIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9h4l5-4.5v15L7 15H3zm12.5-1.8a6.5 6.5 0 010 9.6l-1.4-1.4a4.5 4.5 0 000-6.8zm2.8-2.8a10.5 10.5 0 010 15.2l-1.4-1.4a8.5 8.5 0 000-12.4z" />
    </svg>
  );
}

function MutedIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9h4l5-4.5v15L7 15H3zm12.3.7l1.4-1.4 2.3 2.3 2.3-2.3 1.4 1.4-2.3 2.3 2.3 2.3-1.4 1.4-2.3-2.3-2.3 2.3-1.4-1.4 2.3-2.3z" />
    </svg>
  );
}
