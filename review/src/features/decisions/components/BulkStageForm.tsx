import { CANDIDATE_STAGES, type CandidateStage, SHOWN_STAGE_NAMES, STAGE_NAMES } from '@assessment/core';
import { type FormEvent, useId, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { movedMessage, type Selected, stillChosen } from '../../candidates/lib/selection.ts';

/**
 * Moves the candidates chosen in the list to one stage, with one reason from the company's list.
 * The server checks and moves each as its own change would be (from the stage the list showed
 * them at); the form says how each went, and keeps chosen those it left as they were.
 */
export function BulkStageForm({
  testId,
  chosen,
  onMoved,
}: {
  testId: string;
  chosen: readonly Selected[];
  /** After a move: who stays chosen. */
  onMoved: (stillChosen: Selected[]) => void;
}) {
  const { calls } = useSignedIn();
  const id = useId();
  const company = useResource('company', (signal) => calls.company(signal));
  const reasons = company.data?.stageReasons ?? [];
  const [stage, setStage] = useState<CandidateStage>('reviewing');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  async function move(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (chosen.length === 0) {
      setMessage('');
      setProblem('Select the candidates to move first, with the checkboxes in the list.');
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      const answer = await calls.setStages(testId, {
        candidates: chosen.map(({ sessionId, stage: from }) => ({ sessionId, from })),
        stage,
        ...(reason ? { reason } : {}),
      });
      setProblem(null);
      setMessage(movedMessage(chosen, answer, STAGE_NAMES[stage], (at) => SHOWN_STAGE_NAMES[at]));
      onMoved(stillChosen(chosen, answer));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="bulk-stage" aria-labelledby={`${id}-title`} onSubmit={(event) => void move(event)} noValidate>
      <h3 id={`${id}-title`}>Move the selected candidates</h3>
      <p className="inline-form">
        <label htmlFor={`${id}-stage`}>To stage</label>
        <select id={`${id}-stage`} value={stage} onChange={(event) => setStage(event.target.value as CandidateStage)}>
          {CANDIDATE_STAGES.map((option) => (
            <option key={option} value={option}>
              {STAGE_NAMES[option]}
            </option>
          ))}
        </select>
        {reasons.length > 0 && (
          <>
            <label htmlFor={`${id}-reason`}>Reason</label>
            <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">No reason</option>
              {reasons.map((listed) => (
                <option key={listed} value={listed}>
                  {listed}
                </option>
              ))}
            </select>
          </>
        )}
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
          {chosen.length === 0
            ? 'Move the selected candidates'
            : chosen.length === 1
              ? 'Move 1 candidate'
              : `Move ${chosen.length} candidates`}
        </button>
      </p>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
