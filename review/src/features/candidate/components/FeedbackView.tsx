import type { CandidateDetail } from '@assessment/core';
import { formatDateTime } from '../../../lib/time.ts';

const STARS = 5;

/** The candidate's rating of the assessment (stored 0 to 4) and their comment, as plain text. */
export function FeedbackView({ feedback }: { feedback: CandidateDetail['feedback'] }) {
  if (!feedback) return <p>No feedback yet.</p>;
  const stars = feedback.currentScore + 1;
  return (
    <div className="feedback-view">
      <p>
        <span className="stars" aria-hidden="true">
          {'★'.repeat(stars)}
          {'☆'.repeat(STARS - stars)}
        </span>{' '}
        Rated {stars} out of {STARS}, on {formatDateTime(feedback.receivedAt)}.
      </p>
      {feedback.feedback ? (
        <blockquote className="candidate-text">{feedback.feedback}</blockquote>
      ) : (
        <p className="muted">No comment.</p>
      )}
    </div>
  );
}
