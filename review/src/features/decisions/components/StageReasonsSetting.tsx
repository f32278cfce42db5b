import { useEffect, useId, useRef } from 'react';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { useStageReasonsEditor } from '../hooks/useStageReasonsEditor.ts';
import { ReasonsSavedMeanwhile } from './ReasonsSavedMeanwhile.tsx';

/**
 * The reasons the company's reviewers choose from when they move a candidate to a stage: written by
 * an admin, one per line, so every decision's reason is one the company stands behind. Every
 * reviewer can read the list.
 */
export function StageReasonsSetting() {
  const id = useId();
  const { isAdmin, loadProblem, held, draft, setDraft, problem, meanwhile, notice, message, saving, save } =
    useStageReasonsEditor();
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (problem) field.current?.focus();
  }, [problem]);

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Stage reasons</h2>
      {loadProblem && <p role="alert">{loadProblem}</p>}
      {held === undefined || draft === null ? (
        !loadProblem && <p className="muted">Loading…</p>
      ) : !isAdmin ? (
        held.stageReasons.length === 0 ? (
          <p>None yet: a stage changes without a reason. An admin can list the reasons to choose from.</p>
        ) : (
          <>
            <p>What a reviewer chooses from when moving a candidate to a stage. An admin can change the list.</p>
            <ul>
              {held.stageReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        )
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate>
          <p className="field-hint" id={`${id}-hint`}>
            What a reviewer chooses from when moving a candidate to a stage, one per line. A candidate's record keeps
            the reason given then, whatever the list says later.
          </p>
          {meanwhile && (
            <ReasonsSavedMeanwhile
              message={meanwhile}
              reasons={held.stageReasons}
              noticeRef={notice}
              noticeId={`${id}-meanwhile`}
            />
          )}
          <label htmlFor={`${id}-reasons`}>Reasons to choose from</label>
          <textarea
            ref={field}
            id={`${id}-reasons`}
            rows={5}
            value={draft}
            aria-describedby={[`${id}-hint`, meanwhile && `${id}-meanwhile`, problem && `${id}-problem`]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={problem !== null}
            onChange={(event) => setDraft(event.target.value)}
          />
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Save reasons
          </button>
          <FormOutcome problem={problem} message={message} problemId={`${id}-problem`} />
        </form>
      )}
    </section>
  );
}
