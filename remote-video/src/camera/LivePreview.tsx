import { useEffect, useRef } from 'react';

interface Props {
  stream: MediaStream | null;
  /** What the candidate is told the picture is (a preview, or the recording in progress). */
  label: string;
  recording?: boolean;
}

/** The camera's live picture, mirrored like a mirror; sound is not played back, to avoid echo. */
export function LivePreview({ stream, label, recording = false }: Props) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  if (!stream) {
    return (
      <div className="video-screen video-screen-off">
        <p>Your camera is off.</p>
      </div>
    );
  }
  return (
    <video
      ref={video}
      className={recording ? 'video-screen video-screen-live is-recording' : 'video-screen video-screen-live'}
      aria-label={label}
      autoPlay
      muted
      playsInline
    />
  );
}
