interface SubmittedNoticeProps {
  onContinue: () => void;
}

/** Coming back after Complete or time up: the answers are in, and the next section is one click away. */
export function SubmittedNotice({ onContinue }: SubmittedNoticeProps) {
  return (
    <section className="quiz" aria-labelledby="quiz-title">
      <h1 id="quiz-title" tabIndex={-1}>
        Section 1: Problem Solving
      </h1>
      <div className="quiz-panel">
        <p>Your answers to this section have been submitted. They can no longer be changed.</p>
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue to the video introduction
        </button>
      </div>
    </section>
  );
}
