import type { CompanySettings } from '@assessment/core';
import { useId } from 'react';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { useCompanySetting } from '../../../hooks/useCompanySetting.ts';
import { parseRetentionDays } from '../lib/retention.ts';

const RETENTION = {
  held: (settings: CompanySettings) => settings.retentionDays,
  draftOf: (days: number) => String(days),
  changeOf: (typed: string) => {
    const parsed = parseRetentionDays(typed);
    return 'problem' in parsed ? parsed : { change: { retentionDays: parsed.days } };
  },
  savedMessage: (saved: CompanySettings) =>
    `Saved: each candidate's data is now erased ${saved.retentionDays} days after they started.`,
};

/**
 * How long the company keeps each candidate's data: the retention task erases a candidate this
 * many days after they started, and the candidates' privacy notice says so. Admins change it.
 */
export function RetentionSetting() {
  const id = useId();
  const { isAdmin, loadProblem, held, draft, setDraft, problem, message, saving, save } = useCompanySetting(RETENTION);

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Keeping candidates' data</h2>
      {loadProblem && <p role="alert">{loadProblem}</p>}
      {held === undefined || draft === null ? (
        !loadProblem && <p className="muted">Loading…</p>
      ) : !isAdmin ? (
        <p>Each candidate's data is erased {held} days after they started. An admin can change this.</p>
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={`${id}-days`}>Erase each candidate's data after (days)</label>
          <p id={`${id}-hint`} className="field-hint">
            Counted from when the candidate started. Candidates are told this period before they start.
          </p>
          <input
            id={`${id}-days`}
            type="text"
            inputMode="numeric"
            value={draft}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />{' '}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Save
          </button>
          <FormOutcome problem={problem} message={message} problemId={`${id}-problem`} />
        </form>
      )}
    </section>
  );
}
