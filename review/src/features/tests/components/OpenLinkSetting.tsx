import { invitePath, type ReviewTest } from '@assessment/core';
import { useId, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { absoluteLink } from '../../../lib/links.ts';

/**
 * Whether anyone with the bare test link may take the test. Switched off, only personal
 * invitations work; candidates who already started keep going.
 */
export function OpenLinkSetting({ test, onChange }: { test: ReviewTest; onChange: (test: ReviewTest) => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  // What the reviewer just chose, shown at once while the server saves it; on a refusal the box
  // goes back to what the server holds. The box is not disabled meanwhile (that would take the
  // keyboard focus away); a change while one is saving is ignored.
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle(allowed: boolean) {
    if (pending !== null) return;
    setPending(allowed);
    setProblem(null);
    setMessage('');
    try {
      const saved = await calls.setOpenLink(test.testId, allowed);
      onChange(saved);
      setMessage(saved.openLinkAllowed ? 'The open link now works.' : 'The open link is now switched off.');
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Open link</h2>
      <div className="checkbox-field">
        <input
          id={`${id}-allowed`}
          type="checkbox"
          checked={pending ?? test.openLinkAllowed}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor={`${id}-allowed`}>Anyone with the open link can take this test</label>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        When this is off, only candidates with a personal invitation can start. Candidates who already started are not
        affected.
      </p>
      {test.openLinkAllowed && <CopyField label="Open link" value={absoluteLink(invitePath(test.testId))} />}
      <p className="status-line" role="status">
        {message}
      </p>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
