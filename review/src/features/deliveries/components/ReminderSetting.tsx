import { type CompanySettings, REMINDER_HOURS_CHOICES } from '@assessment/core';
import { useId } from 'react';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { useCompanySetting } from '../../../hooks/useCompanySetting.ts';
import { reminderChoiceName } from '../lib/delivery-state.ts';

const REMINDERS = {
  held: (settings: CompanySettings) => settings.reminderHours,
  draftOf: (hours: number) => hours,
  changeOf: (hours: number) => ({ change: { reminderHours: hours } }),
  savedMessage: (saved: CompanySettings) => `Saved: ${reminderChoiceName(saved.reminderHours)}.`,
};

/**
 * When a candidate who has not started is reminded by email: a set time before their personal
 * link expires, or never. Admins change it; every reviewer can read it.
 */
export function ReminderSetting() {
  const id = useId();
  const { isAdmin, loadProblem, held, draft, setDraft, problem, message, saving, save } = useCompanySetting(REMINDERS);

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reminders</h2>
      {loadProblem && <p role="alert">{loadProblem}</p>}
      {held === undefined || draft === null ? (
        !loadProblem && <p className="muted">Loading…</p>
      ) : !isAdmin ? (
        <p>{reminderChoiceName(held)}. An admin can change this.</p>
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={`${id}-hours`}>Remind a candidate who has not started</label>{' '}
          <select id={`${id}-hours`} value={draft} onChange={(event) => setDraft(Number(event.target.value))}>
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
          <FormOutcome problem={problem} message={message} />
        </form>
      )}
    </section>
  );
}
