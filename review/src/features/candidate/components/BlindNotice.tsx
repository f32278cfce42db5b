import type { CandidateDetail } from '@assessment/core';
import { useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

/**
 * Says what blind review hides from this reviewer and how it ends, with the one click that shows
 * the candidate at once (on the company's record).
 */
export function BlindNotice({
  sessionId,
  onShown,
}: {
  sessionId: string;
  onShown: (candidate: CandidateDetail) => void;
}) {
  const { calls } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function show() {
    if (busy) return;
    setBusy(true);
    try {
      onShown(await calls.reveal(sessionId));
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }

  return (
    <div className="notice blind-notice">
      <p>
        Blind review is on for this test. Until you rate the written answers, the name, contact, links, work experience,
        video and device of this candidate are hidden from you, so that your ratings rest on the answers alone.
      </p>
      <p>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <button type="button" className="button" aria-disabled={busy} aria-busy={busy} onClick={() => void show()}>
          Show who this candidate is
        </button>{' '}
        <span className="field-hint">Your company's access log records that you did.</span>
      </p>
      <FormOutcome problem={problem} message="" />
    </div>
  );
}
