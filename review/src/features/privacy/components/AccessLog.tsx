import type { AccessEntryView } from '@assessment/core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { ACCESS_ACTION_NAMES, ACCESS_ROLE_NAMES } from '../lib/access-actions.ts';

const dateTime = (at: string) => new Date(at).toLocaleString();

/**
 * Every look at a candidate by the company, newest first, for its admins: who, when, from which
 * address and what they did. The candidates see the same looks (roles only) at the end of their
 * assessment.
 */
export function AccessLog() {
  const { me } = useSignedIn();
  return me.reviewer.role === 'admin' ? <AccessLogTable /> : null;
}

function AccessLogTable() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const first = useResource('access-log', (signal) => calls.accessLog(null, signal));
  const [older, setOlder] = useState<AccessEntryView[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const cursor = next === undefined ? first.data?.next : next;
  const entries = [...(first.data?.entries ?? []), ...older];

  async function showOlder(from: string) {
    if (loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await calls.accessLog(from);
      setOlder((current) => [...current, ...page.entries]);
      setNext(page.next);
      setProblem(null);
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={first.loading || loadingOlder}>
      <h2 id={`${id}-title`}>Who has looked at candidates</h2>
      <p>
        Every time someone at {me.company.companyName} opens a candidate, plays their video or downloads the CSV, it is
        recorded here. Each candidate sees the looks at their own submission, by role, never by name. A candidate's
        entries go when their data is erased.
      </p>
      {first.error && <LoadProblem message={first.error} onRetry={first.reload} />}
      {first.data && entries.length === 0 && <p>No one has looked at a candidate yet.</p>}
      {entries.length > 0 && (
        <table className="data-table">
          <caption className="visually-hidden">Access log, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Role</th>
              <th scope="col">What</th>
              <th scope="col">Candidate</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              // Two looks in the same millisecond read the same; their place in the log tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is only ever appended to.
              <tr key={index}>
                <td>{dateTime(entry.at)}</td>
                <td>{entry.actor}</td>
                <td>{ACCESS_ROLE_NAMES[entry.role]}</td>
                <td>{ACCESS_ACTION_NAMES[entry.action]}</td>
                <td>
                  <Link to={`/candidates/${encodeURIComponent(entry.sessionId)}`}>
                    <code>{entry.sessionId}</code>
                  </Link>
                </td>
                <td>{entry.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && <p role="alert">{problem}</p>}
      {cursor && (
        <button type="button" className="button" aria-disabled={loadingOlder} onClick={() => void showOlder(cursor)}>
          Show older entries
        </button>
      )}
    </section>
  );
}
