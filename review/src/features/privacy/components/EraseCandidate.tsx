import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

interface Props {
  sessionId: string;
  testId: string;
  candidateName: string;
}

/**
 * Erasing a candidate (their request, GDPR Art. 17): an admin asks, then confirms in a second
 * step that says what goes. The candidate's link says their data was erased from then on.
 */
export function EraseCandidate({ sessionId, testId, candidateName }: Props) {
  const { me, calls } = useSignedIn();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);

  if (me.reviewer.role !== 'admin') {
    return <p>Only an admin of {me.company.companyName} can erase a candidate's data.</p>;
  }

  async function erase() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await calls.eraseCandidate(sessionId);
      navigate(`/tests/${encodeURIComponent(testId)}`, {
        state: { notice: `${candidateName}'s data was erased.` },
      });
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }

  return (
    <div className="erase-candidate">
      <p>
        Erasing removes this candidate's details, answers, video, feedback, recorded signals and the record of who
        looked at them for good, from the database and the video storage. Their link then tells them their data was
        erased. Only anonymous counts stay.
      </p>
      {!confirming ? (
        <button
          ref={askButton}
          type="button"
          className="button button-danger"
          onClick={() => {
            setConfirming(true);
            queueMicrotask(() => confirmButton.current?.focus());
          }}
        >
          Erase this candidate's data
        </button>
      ) : (
        <fieldset className="erase-confirm">
          <legend>Erase all of {candidateName}'s data? This cannot be undone.</legend>
          <button
            ref={confirmButton}
            type="button"
            className="button button-danger"
            aria-disabled={busy}
            aria-busy={busy}
            onClick={() => void erase()}
          >
            Erase for good
          </button>{' '}
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => {
              if (busy) return;
              setConfirming(false);
              queueMicrotask(() => askButton.current?.focus());
            }}
          >
            Keep the data
          </button>
        </fieldset>
      )}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
