import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { candidatePath, listOfCandidatePage } from '../../candidates/lib/candidate-neighbours.ts';

/** The keys that walk the list (`aria-keyshortcuts`); each with Alt, so typing never sets one off. */
const SHORTCUTS = { previous: 'Alt+P', next: 'Alt+N' } as const;

/** Whether the key event is the shortcut: Alt and the letter alone, by the key's place (macOS types a letter with Alt). */
const isShortcut = (event: KeyboardEvent, code: 'KeyP' | 'KeyN') =>
  event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === code;

/** A field the reviewer is typing in: the shortcuts wait until they leave it. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)
  );
}

/**
 * Previous and Next candidate, in the order and filter of the list the page was opened from (or
 * the list as it first shows), with keyboard shortcuts the page names; and the way back to that list.
 * `rated` counts the reviewer's ratings here: a rating shows them the team's judgement, by which
 * the list may now place the candidate elsewhere (`api/src/review/judgement.ts`), so it asks again.
 */
export function CandidateWalk({ sessionId, testId, rated }: { sessionId: string; testId: string; rated: number }) {
  const { calls } = useSignedIn();
  const navigate = useNavigate();
  const { listSearch, api } = listOfCandidatePage(useLocation().search);
  const around = useResource(`neighbours:${sessionId}?${api}#${rated}`, (signal) =>
    calls.neighbours(sessionId, api, signal),
  );
  const previous = around.data?.previous ?? null;
  const next = around.data?.next ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingIn(event.target)) return;
      const to = isShortcut(event, 'KeyN') ? next : isShortcut(event, 'KeyP') ? previous : null;
      if (to === null) return;
      event.preventDefault();
      navigate(candidatePath(to, listSearch));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, previous, listSearch, navigate]);

  const position = around.data?.position ?? null;
  return (
    <nav className="candidate-walk" aria-label="Candidates in the list">
      <ul>
        <li>
          <Link to={`/tests/${encodeURIComponent(testId)}${listSearch ? `?${listSearch}` : ''}`}>Back to the list</Link>
        </li>
        {previous && (
          <li>
            <Link to={candidatePath(previous, listSearch)} aria-keyshortcuts={SHORTCUTS.previous} rel="prev">
              Previous candidate
            </Link>
          </li>
        )}
        {next && (
          <li>
            <Link to={candidatePath(next, listSearch)} aria-keyshortcuts={SHORTCUTS.next} rel="next">
              Next candidate
            </Link>
          </li>
        )}
      </ul>
      {around.data && (
        <p className="muted">
          {position === null
            ? 'This candidate is not in the list as it is sorted and filtered now.'
            : `Candidate ${position} of ${around.data.total} in the list.`}{' '}
          Keys: {SHORTCUTS.previous} previous candidate, {SHORTCUTS.next} next candidate.
        </p>
      )}
      {around.error && <p role="alert">The candidates around this one could not be read: {around.error}</p>}
    </nav>
  );
}
