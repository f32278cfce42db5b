import {
  type BulkInvitationProblem,
  bulkInvitationRefusalSchema,
  type InvitationView,
  MAX_BULK_CSV_CHARS,
  MAX_BULK_INVITATIONS,
} from '@assessment/core';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { defaultExpiryDay, endOfDay, expiryProblem } from '../lib/expiry.ts';
import { ExpiryDayField } from './ExpiryDayField.tsx';

/**
 * Many personal links at once, for company admins: a list pasted or read from a CSV file (email,
 * then name and extra time in percent if wanted). The server makes all of them or, when any row
 * needs fixing, none, and names each such row.
 */
export function BulkInviteForm({
  testId,
  onCreated,
}: {
  testId: string;
  onCreated: (invitations: InvitationView[]) => void;
}) {
  const { me, calls } = useSignedIn();
  const id = useId();
  const [csv, setCsv] = useState('');
  const [day, setDay] = useState(() => defaultExpiryDay(Date.now()));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<BulkInvitationProblem[]>([]);
  const [message, setMessage] = useState('');

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    if (text.length > MAX_BULK_CSV_CHARS) {
      setProblem(`${file.name} is too long: at most ${MAX_BULK_INVITATIONS} candidates at once.`);
      return;
    }
    setProblem(null);
    setCsv(text);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    setRows([]);
    const badDay = expiryProblem(day, Date.now());
    const empty = csv.trim() ? null : 'Paste the list of candidates, or choose a CSV file.';
    setProblem(empty ?? badDay);
    if (empty || badDay) return;
    setBusy(true);
    try {
      const { invitations } = await calls.createInvitations(testId, csv, endOfDay(day) ?? '');
      onCreated(invitations);
      setCsv('');
      setMessage(
        me.emailSetUp
          ? `${invitations.length} invitations created, and each emailed to its candidate.`
          : `${invitations.length} invitations created. Email is not set up: copy the links from the list below.`,
      );
    } catch (error) {
      const refusal = error instanceof ApiError ? bulkInvitationRefusalSchema.safeParse(error.body) : null;
      setProblem(problemOf(error));
      setRows(refusal?.success ? refusal.data.rows : []);
    } finally {
      setBusy(false);
    }
  }

  if (me.reviewer.role !== 'admin') return null;
  return (
    <form className="panel invitation-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Invite a list of candidates</h3>
      <div className="form-field">
        <label htmlFor={`${id}-csv`}>Candidates, one per line</label>
        <p id={`${id}-csv-hint`} className="muted">
          Email, then name and extra time in percent if wanted, separated by commas: for example
          <code> ada@example.com, Ada Lovelace, 50</code>. Up to {MAX_BULK_INVITATIONS} at once.
        </p>
        <textarea
          id={`${id}-csv`}
          rows={6}
          value={csv}
          aria-describedby={`${id}-csv-hint`}
          aria-invalid={rows.length > 0}
          onChange={(event) => setCsv(event.target.value)}
        />
      </div>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={`${id}-file`}>Or read them from a CSV file</label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event)} />
        </div>
        <ExpiryDayField label="Links work until (end of day)" day={day} onChange={setDay} />
      </div>
      <div className="form-problem" role="alert">
        {problem && <p>{problem}</p>}
        {rows.length > 0 && (
          <ul aria-label="Rows to fix">
            {rows.map((row) => (
              <li key={`${row.line}-${row.problem}`}>
                Line {row.line}: {row.problem}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="status-line" role="status">
        {message}
      </p>
      <button type="submit" className="button" aria-disabled={busy}>
        Invite everyone on the list
      </button>
    </form>
  );
}
