/** A load that failed: what went wrong, announced, and a way to try again. */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-problem" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
