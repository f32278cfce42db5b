import type { Ref } from 'react';
import type { InputOption } from './lib/media-inputs.ts';

interface Props {
  cameras: InputOption[];
  selectedId: string | null;
  /** While a camera is being opened: the buttons say so and do nothing, but keep focus. */
  busy: boolean;
  onChoose(deviceId: string): void;
  /** The button of the camera in use, for focus to go to once the camera is on. */
  inUseRef?: Ref<HTMLButtonElement>;
}

/** The cameras of this computer; the one in use is highlighted, choosing another asks for it. */
export function CameraList({ cameras, selectedId, busy, onChoose, inUseRef }: Props) {
  return (
    <div className="video-cameras">
      <h3 id="video-cameras-title" className="video-subtitle">
        Cameras
      </h3>
      {cameras.length === 0 ? (
        <p className="video-muted">No camera found on this computer.</p>
      ) : (
        <ul className="video-camera-list" aria-labelledby="video-cameras-title">
          {cameras.map((camera, index) => {
            const selected = camera.deviceId !== '' && camera.deviceId === selectedId;
            return (
              <li key={camera.deviceId || index}>
                {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
                <button
                  ref={selected ? inUseRef : undefined}
                  type="button"
                  className={selected ? 'video-camera is-selected' : 'video-camera'}
                  aria-pressed={selected}
                  aria-disabled={busy}
                  onClick={() => {
                    if (!busy) onChoose(camera.deviceId);
                  }}
                >
                  {camera.label}
                  {selected && <span className="video-camera-badge">In use</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
