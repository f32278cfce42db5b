import {
  CANDIDATE_STAGES,
  type CandidateStage,
  type Decisions,
  SHOWN_STAGE_NAMES,
  STAGE_NAMES,
  stageConflictSchema,
} from '@assessment/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { When } from '../../../components/When.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { stageMovedMessage } from '../lib/stage-conflict.ts';

interface Props {
  sessionId: string;
  decisions: Decisions;
  /** The candidate as the server last answered: after a change, or after a refusal that says where they are now. */
  onDecisions: (decisions: Decisions) => void;
}

/**
 * The candidate's stage, changed with an optional reason from the company's list; every change is
 * listed with who and when. A change is made from the stage shown here: if a teammate moved the
 * candidate meanwhile, the server refuses it, the form shows where the candidate is now and says
 * who moved them, and the reviewer's choice and reason stay for them to save again, or not.
 * Until the reviewer has rated the candidate (`decisions.withheld`), only their own changes are
 * listed, and a candidate a teammate moved on is not theirs to move: the form gives way to why.
 */
export function StageForm({ sessionId, decisions, onDecisions }: Props) {
  const { calls } = useSignedIn();
  const id = useId();
  const company = useResource('company', (signal) => calls.company(signal));
  const reasons = company.data?.stageReasons ?? [];
  const [stage, setStage] = useState<CandidateStage>(decisions.stage === 'moved-on' ? 'new' : decisions.stage);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the reviewer has rated, a candidate shown as moved on shows where they are: the choice starts there.
  const [shown, setShown] = useState(decisions.stage);
  if (shown !== decisions.stage) {
    setShown(decisions.stage);
    if (shown === 'moved-on' && decisions.stage !== 'moved-on') setStage(decisions.stage);
  }
  const movedOn = decisions.stage === 'moved-on';
  // A save refused because a teammate moved the candidate on takes the form, and the focus its
  // button held, away: the section's heading takes it, the refusal read out below it.
  useEffect(() => {
    if (movedOn && problem) heading.current?.focus();
  }, [movedOn, problem]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setMessage('');
    try {
      // The stage this page shows: the server makes the change only if it is still the candidate's.
      const saved = await calls.setStage(sessionId, { from: decisions.stage, stage, ...(reason ? { reason } : {}) });
      onDecisions(saved);
      setReason('');
      setProblem(null);
      setMessage(`Stage: ${SHOWN_STAGE_NAMES[saved.stage]}.`);
    } catch (error) {
      const moved =
        error instanceof ApiError && error.status === 409 ? stageConflictSchema.safeParse(error.body) : null;
      if (moved?.success) {
        const { stage: now, history, notes, withheld } = moved.data;
        // Shown from now on, and the stage the next save is made from: saving again is a choice made knowing it.
        onDecisions({ stage: now, history, notes, withheld });
        setProblem(stageMovedMessage(moved.data, stage));
      } else {
        setProblem(problemOf(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="stage-form">
      <h3 ref={heading} id={`${id}-title`} tabIndex={-1}>
        Stage
      </h3>
      {movedOn ? (
        <>
          <p>Current stage: Moved on</p>
          <p>
            A teammate has advanced or declined this candidate. Rate them to see which, who decided and why; then you
            can change the stage.
          </p>
          <FormOutcome problem={problem} message={message} />
        </>
      ) : (
        <form aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)} noValidate>
          <p id={`${id}-current`}>Current stage: {SHOWN_STAGE_NAMES[decisions.stage]}</p>
          <p>
            <label htmlFor={`${id}-stage`}>Candidate's stage</label>{' '}
            <select
              id={`${id}-stage`}
              value={stage}
              aria-describedby={`${id}-current`}
              onChange={(event) => setStage(event.target.value as CandidateStage)}
            >
              {CANDIDATE_STAGES.map((option) => (
                <option key={option} value={option}>
                  {STAGE_NAMES[option]}
                </option>
              ))}
            </select>
          </p>
          {reasons.length > 0 ? (
            <p>
              <label htmlFor={`${id}-reason`}>Reason (optional)</label>{' '}
              <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)}>
                <option value="">No reason</option>
                {reasons.map((listed) => (
                  <option key={listed} value={listed}>
                    {listed}
                  </option>
                ))}
              </select>
            </p>
          ) : company.error ? (
            <LoadProblem message={company.error} onRetry={company.reload} />
          ) : (
            company.data && (
              <p className="field-hint">No reasons to choose from yet: a company admin lists them on the tests page.</p>
            )
          )}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Save stage
          </button>
          <FormOutcome problem={problem} message={message} />
        </form>
      )}
      {decisions.withheld && (
        <p className="field-hint">Your teammates' stage changes show here once you have rated this candidate.</p>
      )}
      {decisions.history.length === 0 ? (
        !decisions.withheld && <p>The stage has not changed since the candidate started.</p>
      ) : (
        <ol className="stage-history" aria-label="How the stage changed">
          {decisions.history.map((change) => (
            <li key={`${change.at}-${change.to}`}>
              {STAGE_NAMES[change.from]} to {STAGE_NAMES[change.to]}, by {change.by}, <When at={change.at} />
              {change.reason && <>: {change.reason}</>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
