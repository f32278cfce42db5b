import { useState } from 'react';
import { useFocusAfterRetry } from '../hooks/useFocusAfterRetry.ts';
import { retryNote } from '../lib/retry-note.ts';

/**
 * A load that failed: what went wrong, announced, and a way to try again. A retry that brings the
 * load hands the focus to the heading of what it brought (`useFocusAfterRetry`); one that does
 * not leaves the problem on screen, with a note of the retries made (`retryNote`).
 */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const focusAfterRetry = useFocusAfterRetry();
  const [tried, setTried] = useState<{ count: number; at: number } | null>(null);
  return (
    <div className="load-problem" role="alert">
      <p>{message}</p>
      {tried && <p>{retryNote(tried.count, tried.at)}</p>}
      <button
        type="button"
        className="button"
        onClick={(event) => {
          focusAfterRetry(event.currentTarget);
          setTried((before) => ({ count: (before?.count ?? 0) + 1, at: Date.now() }));
          onRetry();
        }}
      >
        Try again
      </button>
    </div>
  );
}
