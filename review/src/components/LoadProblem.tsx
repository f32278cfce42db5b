import { useFocusAfterRetry } from '../hooks/useFocusAfterRetry.ts';

/**
 * A load that failed: what went wrong, announced, and a way to try again. A retry that brings the
 * load hands the focus to the heading of what it brought (`useFocusAfterRetry`).
 */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const focusAfterRetry = useFocusAfterRetry();
  return (
    <div className="load-problem" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="button"
        onClick={(event) => {
          focusAfterRetry(event.currentTarget);
          onRetry();
        }}
      >
        Try again
      </button>
    </div>
  );
}
