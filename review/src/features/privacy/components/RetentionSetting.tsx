import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { parseRetentionDays } from '../lib/retention.ts';

/**
 * How long the company keeps each candidate's data: the retention task erases a candidate this
 * many days after they started, and the candidates' privacy notice says so. Admins change it.
 */
export function RetentionSetting() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const company = useResource('company', (signal) => calls.company(signal));
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const held = company.data?.retentionDays;

  useEffect(() => {
    if (held !== undefined) setTyped(String(held));
  }, [held]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseRetentionDays(typed);
    setMessage('');
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await calls.changeCompanySettings({ retentionDays: parsed.days });
      company.update(() => saved);
      setMessage(`Saved: each candidate's data is now erased ${saved.retentionDays} days after they started.`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Keeping candidates' data</h2>
      {company.error && <p role="alert">{company.error}</p>}
      {held === undefined ? (
        !company.error && <p className="muted">Loading…</p>
      ) : me.reviewer.role !== 'admin' ? (
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
            value={typed}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            onChange={(event) => setTyped(event.target.value)}
          />{' '}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Save
          </button>
          {problem && (
            <p id={`${id}-problem`} className="form-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
      <p className="status-line" role="status">
        {message}
      </p>
    </section>
  );
}
