import type { ReviewTest } from '@assessment/core';
import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { useTestSwitch } from '../hooks/useTestSwitch.ts';

const EXPLAINED =
  'Each reviewer sees a candidate as a code, without name, contact, links, work experience, video or device, until they have rated the written answers or chosen to show the candidate (which is on record).';

/** Blind review for this test: an admin switches it; every reviewer reads whether it is on. */
export function BlindReviewSetting({ test, onChange }: { test: ReviewTest; onChange: (test: ReviewTest) => void }) {
  const { me, calls } = useSignedIn();
  const id = useId();
  const { pending, message, problem, toggle } = useTestSwitch(
    (blind) => calls.setBlindReview(test.testId, blind),
    onChange,
    (saved) => (saved.blindReview ? 'Blind review is now on.' : 'Blind review is now off.'),
  );

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Blind review</h2>
      {me.reviewer.role === 'admin' ? (
        <div className="checkbox-field">
          <input
            id={`${id}-blind`}
            type="checkbox"
            checked={pending ?? test.blindReview}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void toggle(event.target.checked)}
          />
          <label htmlFor={`${id}-blind`}>Hide who each candidate is until the reviewer has rated them</label>
        </div>
      ) : (
        <p>{test.blindReview ? 'On for this test.' : 'Off for this test.'}</p>
      )}
      <p id={`${id}-hint`} className="field-hint">
        {EXPLAINED}
      </p>
      <FormOutcome problem={problem} message={message} />
    </section>
  );
}
