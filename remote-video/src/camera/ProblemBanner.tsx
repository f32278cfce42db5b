export interface Problem {
  /** One of the camera setup's messages (lib/messages.ts), word for word. */
  message: string;
  /** What it means and what the candidate can do about it. */
  help: string[];
}

/**
 * The error banner, bottom right of the setup. The alert region is always in the page, empty when
 * all is well, so screen readers announce a problem the moment it is added.
 */
export function ProblemBanner({ problems }: { problems: Problem[] }) {
  return (
    <div className="video-problems" role="alert">
      {problems.map((problem) => (
        <div key={problem.message} className="video-problem">
          <p className="video-problem-message">{problem.message}</p>
          {problem.help.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ))}
    </div>
  );
}
