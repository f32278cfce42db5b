import { type CandidateDetail, RATING_STARS, ratingText } from '@assessment/core';
import { formatDateTime } from '../../../lib/time.ts';

/** The candidate's rating of the assessment and their comment, as plain text. */
export function FeedbackView({ feedback }: { feedback: CandidateDetail['feedback'] }) {
  if (!feedback) return <p>No feedback yet.</p>;
  const { stars } = feedback;
  return (
    <div className="feedback-view">
      <p>
        <span className="stars" aria-hidden="true">
          {'★'.repeat(stars)}
          {'☆'.repeat(RATING_STARS - stars)}
        </span>{' '}
        Rated {ratingText(stars)}, on {formatDateTime(feedback.receivedAt)}.
      </p>
      {feedback.feedback ? (
        <blockquote className="candidate-text">{feedback.feedback}</blockquote>
      ) : (
        <p className="muted">No comment.</p>
      )}
    </div>
  );
}
