import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { reasonsFromLines } from '../lib/stage-reasons.ts';

/**
 * The reasons the company's reviewers choose from when they move a candidate to a stage: written by
 * an admin, one per line, so every decision's reason is one the company stands behind. Every
 * reviewer can read the list.
 */
export function StageReasonsSetting() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const company = useResource('company', (signal) => calls.company(signal));
  const held = company.data?.stageReasons;
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (held) setText(held.join('\n'));
  }, [held]);
  useEffect(() => {
    if (problem) field.current?.focus();
  }, [problem]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || text === null) return;
    setMessage('');
    const read = reasonsFromLines(text);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await calls.changeCompanySettings({ stageReasons: read.reasons });
      company.update(() => saved);
      setMessage(
        saved.stageReasons.length === 0
          ? 'Saved: no reasons, so a stage changes without one.'
          : `Saved: ${saved.stageReasons.length} ${saved.stageReasons.length === 1 ? 'reason' : 'reasons'}.`,
      );
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Stage reasons</h2>
      {company.error && <p role="alert">{company.error}</p>}
      {held === undefined || text === null ? (
        !company.error && <p className="muted">Loading…</p>
      ) : me.reviewer.role !== 'admin' ? (
        held.length === 0 ? (
          <p>None yet: a stage changes without a reason. An admin can list the reasons to choose from.</p>
        ) : (
          <>
            <p>What a reviewer chooses from when moving a candidate to a stage. An admin can change the list.</p>
            <ul>
              {held.map((reason) => (
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
          <label htmlFor={`${id}-reasons`}>Reasons to choose from</label>
          <textarea
            ref={field}
            id={`${id}-reasons`}
            rows={5}
            value={text}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            aria-invalid={problem !== null}
            onChange={(event) => setText(event.target.value)}
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
