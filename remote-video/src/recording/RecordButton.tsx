import type { RecorderStatus } from './hooks/useRecorder.ts';

interface Props {
  status: RecorderStatus;
  hasTake: boolean;
  canRecord: boolean;
  onRecord(): void;
  onStop(): void;
  onRetry(): void;
}

/** One button through a take: `Record`, then `Recording` (select it to stop), then `Retry`. */
export function RecordButton({ status, hasTake, canRecord, onRecord, onStop, onRetry }: Props) {
  if (status !== 'idle') {
    return (
      <button
        type="button"
        className="button video-record is-recording"
        onClick={onStop}
        disabled={status === 'saving'}
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
      <button type="button" className="button video-record" onClick={onRetry}>
        Retry
      </button>
    );
  }
  return (
    <button type="button" className="button video-record" onClick={onRecord} disabled={!canRecord}>
      <span className="video-record-dot" aria-hidden="true" />
      Record
    </button>
  );
}
