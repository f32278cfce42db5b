import type { InvitationView } from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { extraTimeChoices, extraTimeSummary } from '../../../lib/extra-time.ts';
import { defaultExpiryDay, endOfDay, expiryProblem } from '../lib/expiry.ts';
import { ExpiryDayField } from './ExpiryDayField.tsx';

/** A personal link for one candidate: their email, a name if known, the last day it works, extra time. */
export function CreateInvitationForm({
  testId,
  timeLimitInMinute,
  onCreated,
}: {
  testId: string;
  timeLimitInMinute: number;
  onCreated: (invitation: InvitationView) => void;
}) {
  const { me, calls } = useSignedIn();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [day, setDay] = useState(() => defaultExpiryDay(Date.now()));
  const [extraTime, setExtraTime] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    const missingEmail = email.trim() ? null : "Enter the candidate's email.";
    const badDay = expiryProblem(day, Date.now());
    setEmailProblem(missingEmail);
    setProblem(badDay);
    // The field that needs the reviewer gets the focus, so a screen reader reads its problem.
    if (missingEmail) emailInput.current?.focus();
    if (missingEmail || badDay) return;
    setBusy(true);
    try {
      const created = await calls.createInvitation(testId, {
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
        expiresAt: endOfDay(day) ?? '',
        extraTimePercent: extraTime,
      });
      onCreated(created);
      setMessage(
        me.emailSetUp
          ? `Invitation for ${created.email} created, and emailed to them. Its link is also in the list below.`
          : `Invitation for ${created.email} created. Email is not set up: copy the link from the list below.`,
      );
      setEmail('');
      setName('');
      setExtraTime(0);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel invitation-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Invite a candidate</h3>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={`${id}-email`}>Candidate's email</label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            required
            value={email}
            aria-invalid={Boolean(emailProblem)}
            aria-describedby={emailProblem ? `${id}-email-problem` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailProblem && (
            <p id={`${id}-email-problem`} className="field-error">
              {emailProblem}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Name (optional)</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <ExpiryDayField label="Link works until (end of day)" day={day} onChange={setDay} />
        <div className="form-field">
          <label htmlFor={`${id}-extra`}>Extra quiz time</label>
          <select id={`${id}-extra`} value={extraTime} onChange={(event) => setExtraTime(Number(event.target.value))}>
            {extraTimeChoices().map((percent) => (
              <option key={percent} value={percent}>
                {extraTimeSummary(percent, timeLimitInMinute)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="form-problem" role="alert">
        {problem}
      </p>
      <p className="status-line" role="status">
        {message}
      </p>
      <button type="submit" className="button button-primary" aria-disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        Create invitation
      </button>
    </form>
  );
}
