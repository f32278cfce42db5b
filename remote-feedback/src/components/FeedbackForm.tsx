import type { TestDefinition } from '@assessment/core';
import { postFeedback, sessionStore, useSession } from '@assessment/react';
import { type FormEvent, useState } from 'react';
import { useFeedbackDraft } from '../hooks/useFeedbackDraft.ts';
import { feedbackSession } from '../lib/feedback-session.ts';
import { feedbackSubmission } from '../lib/feedback-submission.ts';
import { RATING_REQUIRED_MESSAGE } from '../lib/rating.ts';
import { CommentBox } from './CommentBox.tsx';
import { FIRST_STAR_ID, StarRating } from './StarRating.tsx';

interface Props {
  test: TestDefinition;
  testId: string;
}

/** The rating and comment. Submit saves both in the browser and queues them for the API. */
export function FeedbackForm({ test, testId }: Props) {
  const sessionId = useSession((s) => s.sessionId);
  const { draft, change, discard } = useFeedbackDraft(sessionId);
  const [attempted, setAttempted] = useState(false);
  const ratingError = attempted && draft.rating === null ? RATING_REQUIRED_MESSAGE : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (draft.rating === null) {
      document.getElementById(FIRST_STAR_ID)?.focus();
      return;
    }
    const { session, payload } = feedbackSubmission({
      test,
      testId,
      session: sessionStore.getState(),
      rating: draft.rating,
      comment: draft.comment,
    });
    // Stored first: the section then shows the thanks, also after a reload, while the outbox sends.
    const { company, ...submitted } = session;
    sessionStore.getState().update({ company });
    feedbackSession.update({ ...submitted, feedbackSent: true });
    postFeedback(payload);
    discard();
  }

  return (
    <section className="feedback-section" aria-labelledby="feedback-title">
      <h1 id="feedback-title" tabIndex={-1}>
        Interview Preparation
      </h1>
      <p className="feedback-intro">
        Section 3 of 3, the last one. Tell us how the assessment went for you. Your rating and comments go to{' '}
        {test.companyName} with the rest of your assessment, to help improve it.
      </p>
      <form className="feedback-form" onSubmit={onSubmit} noValidate>
        <StarRating value={draft.rating} onChange={(rating) => change({ rating })} error={ratingError} />
        <CommentBox value={draft.comment} onChange={(comment) => change({ comment })} />
        <button type="submit" className="button button-primary feedback-submit">
          Submit
        </button>
      </form>
    </section>
  );
}
