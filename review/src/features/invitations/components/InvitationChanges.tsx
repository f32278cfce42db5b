import type { InvitationView } from '@assessment/core';
import { type FormEvent, useId, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { extraTimeChoices, extraTimeSummary } from '../../../lib/extra-time.ts';
import { dateInputValue, endOfDay, expiryProblem } from '../lib/expiry.ts';

type Change = { expiresAt: string } | { extraTimePercent: number };

/**
 * Extending the link and changing extra time. Both apply at once, also to a candidate already in
 * the quiz: their countdown and the server's deadline read the new value.
 */
export function InvitationChanges({
  invitation,
  timeLimitInMinute,
  canExtend,
  canChangeExtraTime,
  onChanged,
}: {
  invitation: InvitationView;
  timeLimitInMinute: number;
  canExtend: boolean;
  canChangeExtraTime: boolean;
  onChanged: (invitation: InvitationView, message: string) => void;
}) {
  const { calls } = useSignedIn();
  const id = useId();
  const [day, setDay] = useState(() => dateInputValue(invitation.expiresAt));
  const [extraTime, setExtraTime] = useState(invitation.extraTimePercent);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(change: Change, message: (saved: InvitationView) => string) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await calls.updateInvitation(invitation.invitationId, change);
      onChanged(saved, message(saved));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  function saveExpiry(event: FormEvent) {
    event.preventDefault();
    const bad = expiryProblem(day, Date.now());
    if (bad) {
      setProblem(bad);
      return;
    }
    void save({ expiresAt: endOfDay(day) ?? '' }, () => `The link now works until the end of ${day}.`);
  }

  function saveExtraTime(event: FormEvent) {
    event.preventDefault();
    void save(
      { extraTimePercent: extraTime },
      (saved) => `Extra time is now ${extraTimeSummary(saved.extraTimePercent, timeLimitInMinute)}.`,
    );
  }

  return (
    <details className="invitation-changes">
      <summary>Extend or change extra time</summary>
      {canExtend && (
        <form className="inline-form" onSubmit={saveExpiry}>
          <label htmlFor={`${id}-expiry`}>Link works until (end of day)</label>
          <input
            id={`${id}-expiry`}
            type="date"
            min={dateInputValue(Date.now())}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
          <button type="submit" className="button" aria-disabled={busy}>
            Save date
          </button>
        </form>
      )}
      {canChangeExtraTime && (
        <form className="inline-form" onSubmit={saveExtraTime}>
          <label htmlFor={`${id}-extra`}>Extra quiz time</label>
          <select id={`${id}-extra`} value={extraTime} onChange={(event) => setExtraTime(Number(event.target.value))}>
            {extraTimeChoices(invitation.extraTimePercent).map((percent) => (
              <option key={percent} value={percent}>
                {extraTimeSummary(percent, timeLimitInMinute)}
              </option>
            ))}
          </select>
          <button type="submit" className="button" aria-disabled={busy}>
            Save extra time
          </button>
        </form>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
