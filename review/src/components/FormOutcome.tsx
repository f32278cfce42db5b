/**
 * What a form's last submit came to: a problem, announced at once (alert), or what was saved,
 * announced politely (status). The status line stays in the page while empty, so that a screen
 * reader hears it when it fills.
 */
export function FormOutcome({
  problem,
  message,
  problemId,
}: {
  problem: string | null;
  message: string;
  problemId?: string;
}) {
  return (
    <>
      {problem && (
        <p id={problemId} className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <p className="status-line" role="status">
        {message}
      </p>
    </>
  );
}
