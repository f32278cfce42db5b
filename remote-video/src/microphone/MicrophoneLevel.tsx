import { useMicrophoneLevel } from './hooks/useMicrophoneLevel.ts';
import { SILENCE_WARNING_MS } from './lib/sound-level.ts';

export const SILENT_MICROPHONE = `Your microphone has picked up no sound for ${SILENCE_WARNING_MS / 1000} seconds. Check that it is not muted, or choose another microphone.`;

/** How loud the microphone is, live, and a warning when it hears nothing: a muted microphone shows before the recording, not on playback. */
export function MicrophoneLevel({ stream }: { stream: MediaStream | null }) {
  const reading = useMicrophoneLevel(stream);
  if (!reading) return null;
  return (
    <div className="video-microphone-level">
      <label htmlFor="video-microphone-level">Microphone level</label>
      <meter id="video-microphone-level" min={0} max={1} low={0.05} optimum={0.5} value={reading.level} />
      <p className="video-microphone-silent" role="status">
        {reading.silent ? SILENT_MICROPHONE : ''}
      </p>
    </div>
  );
}
