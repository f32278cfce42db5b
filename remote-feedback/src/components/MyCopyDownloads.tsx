import { fetchMyCopy } from '@assessment/react';
import { useState } from 'react';

interface Props {
  sessionId: string;
  /** Whether a finished video is held, so that a copy of it can be offered. */
  hasVideo: boolean;
}

type Status = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'failed'; what: string };

/** Saves a blob under `name` through a temporary link, the way a download link would. */
function save(blob: Blob, name: string): void {
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/** The candidate's own copy of their data, and of their video (GDPR Art. 15 and 20); `GET /api/my-data` says what it holds. */
export function MyCopyDownloads({ sessionId, hasVideo }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function download(what: 'data' | 'video', label: string) {
    if (status.kind === 'busy') return;
    setStatus({ kind: 'busy', what: label });
    const blob = await fetchMyCopy(sessionId, what);
    if (!blob) {
      setStatus({ kind: 'failed', what: label });
      return;
    }
    const extension = what === 'data' ? 'json' : blob.type.includes('mp4') ? 'mp4' : 'webm';
    save(blob, `assessment-${sessionId}.${extension}`);
    setStatus({ kind: 'idle' });
  }

  // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
  const busy = status.kind === 'busy';
  return (
    <div className="feedback-copy">
      <p>
        You can keep a copy of what you submitted, what was recorded while you took the assessment, the details of your
        personal invitation and every look at your data, as one file. The hiring team’s own review of your submission
        (its stage, ratings and notes) is not in it.
      </p>
      <p className="feedback-copy-buttons">
        <button
          type="button"
          className="button"
          aria-disabled={busy}
          onClick={() => void download('data', 'your data')}
        >
          Download a copy of my data
        </button>
        {hasVideo && (
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => void download('video', 'your video')}
          >
            Download my video
          </button>
        )}
      </p>
      <p role="status" aria-live="polite">
        {status.kind === 'busy' && `Preparing ${status.what}…`}
      </p>
      {status.kind === 'failed' && (
        <p role="alert">The copy of {status.what} could not be made just now. Nothing was changed; try again.</p>
      )}
    </div>
  );
}
