import { REMINDER_HOURS_CHOICES } from '@assessment/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { reminderChoiceName } from '../lib/delivery-state.ts';

/**
 * When a candidate who has not started is reminded by email: a set time before their personal
 * link expires, or never. Admins change it; every reviewer can read it.
 */
export function ReminderSetting() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const company = useResource('company', (signal) => calls.company(signal));
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const held = company.data?.reminderHours;

  useEffect(() => {
    if (held !== undefined) setChosen(held);
  }, [held]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || chosen === null) return;
    setMessage('');
    setProblem(null);
    setSaving(true);
    try {
      const saved = await calls.changeCompanySettings({ reminderHours: chosen });
      company.update(() => saved);
      setMessage(`Saved: ${reminderChoiceName(saved.reminderHours)}.`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reminders</h2>
      {company.error && <p role="alert">{company.error}</p>}
      {held === undefined || chosen === null ? (
        !company.error && <p className="muted">Loading…</p>
      ) : me.reviewer.role !== 'admin' ? (
        <p>{reminderChoiceName(held)}. An admin can change this.</p>
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={`${id}-hours`}>Remind a candidate who has not started</label>{' '}
          <select id={`${id}-hours`} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
            {REMINDER_HOURS_CHOICES.map((hours) => (
              <option key={hours} value={hours}>
                {reminderChoiceName(hours)}
              </option>
            ))}
          </select>{' '}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Save reminders
          </button>
          {problem && (
            <p className="form-problem" role="alert">
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
