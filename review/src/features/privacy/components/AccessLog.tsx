import type { AccessEntryView } from '@assessment/core';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { When } from '../../../components/When.tsx';
import { useFocusOnceShown } from '../../../hooks/useFocusOnceShown.ts';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { candidateName } from '../../candidates/lib/candidate-labels.ts';
import { ACCESS_ACTION_NAMES, ACCESS_ROLE_NAMES } from '../lib/access-actions.ts';

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
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useRef<HTMLTableSectionElement>(null);
  const focusOnceShown = useFocusOnceShown();

  const cursor = next === undefined ? first.data?.next : next;
  const entries = [...(first.data?.entries ?? []), ...older];

  async function showOlder(from: string, pressed: HTMLElement) {
    if (loadingOlder) return;
    setLoadingOlder(true);
    const shown = entries.length;
    try {
      const page = await calls.accessLog(from);
      setOlder((current) => [...current, ...page.entries]);
      setNext(page.next);
      setProblem(null);
      // The reviewer reads on from the first entry the press brought: the button is now below it,
      // or gone with the last page. Were none older, the log's heading.
      focusOnceShown(pressed, () => rows.current?.rows[shown] ?? heading.current);
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={first.loading || loadingOlder}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Who has looked at candidates
      </h2>
      <p>
        Every time someone at {me.company.companyName} opens a candidate, plays their video, downloads the CSV or
        changes a personal invitation, it is recorded here, and so is each candidate a list of candidates shows them and
        each invitation a list of invitations shows them (once per person in ten minutes). Each candidate sees the looks
        at their own submission and invitation, by role, never by name. A candidate's entries go when their data is
        erased, and an unused invitation's when it is erased.
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
          <tbody ref={rows}>
            {entries.map((entry, index) => (
              // Two looks in the same millisecond read the same; their place in the log tells them apart.
              // A row takes the focus when it is the first that "Show older entries" brought.
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is only ever appended to.
              <tr key={index} tabIndex={-1}>
                <td>
                  <When at={entry.at} />
                </td>
                <td>{entry.actor}</td>
                <td>{ACCESS_ROLE_NAMES[entry.role]}</td>
                <td>{ACCESS_ACTION_NAMES[entry.action]}</td>
                <td>
                  <LookedAt entry={entry} />
                </td>
                <td>{entry.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && <p role="alert">{problem}</p>}
      {cursor && (
        <button
          type="button"
          className="button"
          aria-disabled={loadingOlder}
          onClick={(event) => void showOlder(cursor, event.currentTarget)}
        >
          Show older entries
        </button>
      )}
    </section>
  );
}

/**
 * Whom the look was at: a candidate, by their name, or by their code where blind review hides them
 * from this admin; or a personal invitation, by the email it is for, never the session it led to
 * (the list of invitations does not name it under blind review).
 */
function LookedAt({ entry }: { entry: AccessEntryView }) {
  if (entry.sessionId === null) return <>Invitation for {entry.invitation.email}</>;
  return (
    <Link to={`/candidates/${encodeURIComponent(entry.sessionId)}`}>
      {candidateName(entry.candidate.name, entry.candidate.code)}
    </Link>
  );
}
