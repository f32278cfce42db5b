import type { Ref } from 'react';
import type { RecorderStatus } from './hooks/useRecorder.ts';

interface Props {
  status: RecorderStatus;
  hasTake: boolean;
  canRecord: boolean;
  onRecord(): void;
  onStop(): void;
  onRetry(): void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * One button through a take: `Record`, then `Recording` (select it to stop), then `Retry`. It is
 * the same element throughout, so keyboard focus stays on it from one state to the next; while
 * the take is being saved it is aria-disabled rather than disabled, which would drop focus.
 */
export function RecordButton({ status, hasTake, canRecord, onRecord, onStop, onRetry, buttonRef }: Props) {
  if (status !== 'idle') {
    const saving = status === 'saving';
    return (
      <button
        ref={buttonRef}
        type="button"
        className="button video-record is-recording"
        onClick={() => {
          if (!saving) onStop();
        }}
        aria-disabled={saving}
        aria-describedby="video-stop-hint"
      >
        <span className="video-record-dot" aria-hidden="true" />
        Recording
        <span id="video-stop-hint" className="visually-hidden">
          Select to stop recording.
        </span>
      </button>
    );
  }
  if (hasTake) {
    return (
      <button ref={buttonRef} type="button" className="button video-record" onClick={onRetry}>
        Retry
      </button>
    );
  }
  return (
    <button ref={buttonRef} type="button" className="button video-record" onClick={onRecord} disabled={!canRecord}>
      <span className="video-record-dot" aria-hidden="true" />
      Record
    </button>
  );
}
