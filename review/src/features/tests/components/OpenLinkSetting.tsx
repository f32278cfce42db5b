import { invitePath, type ReviewTest } from '@assessment/core';
import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { absoluteLink } from '../../../lib/links.ts';
import { useTestSwitch } from '../hooks/useTestSwitch.ts';

/**
 * Whether anyone with the bare test link may take the test. Switched off, only personal
 * invitations work; candidates who already started keep going.
 */
export function OpenLinkSetting({ test, onChange }: { test: ReviewTest; onChange: (test: ReviewTest) => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const { pending, message, problem, toggle } = useTestSwitch(
    (allowed) => calls.setOpenLink(test.testId, allowed),
    onChange,
    (saved) => (saved.openLinkAllowed ? 'The open link now works.' : 'The open link is now switched off.'),
  );

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
