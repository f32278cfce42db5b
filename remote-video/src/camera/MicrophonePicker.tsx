import type { InputOption } from './lib/media-inputs.ts';

interface Props {
  microphones: InputOption[];
  selectedId: string | null;
  withSound: boolean;
  /** While a device is being opened the choice is kept as it is; the list keeps focus meanwhile. */
  busy: boolean;
  onChoose(deviceId: string): void;
}

/** The default microphone is taken with the camera; the candidate may pick another one. */
export function MicrophonePicker({ microphones, selectedId, withSound, busy, onChoose }: Props) {
  if (!withSound) {
    return (
      <p className="video-note" role="status">
        No microphone could be used, so your video will be recorded without sound. To be heard, connect a microphone and
        allow it for this site, then select Request Camera Access again.
      </p>
    );
  }
  if (microphones.length === 0) return null;
  const known = microphones.some((microphone) => microphone.deviceId === selectedId);
  return (
    <div className="video-microphone">
      <label htmlFor="video-microphone" className="video-subtitle">
        Microphone
      </label>
      <select
        id="video-microphone"
        value={known && selectedId ? selectedId : ''}
        aria-disabled={busy}
        onChange={(event) => {
          if (!busy) onChoose(event.target.value);
        }}
      >
        {!known && <option value="">Default microphone</option>}
        {microphones.map((microphone, index) => (
          <option key={microphone.deviceId || index} value={microphone.deviceId}>
            {microphone.label}
          </option>
        ))}
      </select>
    </div>
  );
}
