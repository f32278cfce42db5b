import type { InputOption } from './lib/media-inputs.ts';

interface Props {
  cameras: InputOption[];
  selectedId: string | null;
  disabled: boolean;
  onChoose(deviceId: string): void;
}

/** The cameras of this computer; the one in use is highlighted, choosing another asks for it. */
export function CameraList({ cameras, selectedId, disabled, onChoose }: Props) {
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
                <button
                  type="button"
                  className={selected ? 'video-camera is-selected' : 'video-camera'}
                  aria-pressed={selected}
                  disabled={disabled}
                  onClick={() => onChoose(camera.deviceId)}
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
