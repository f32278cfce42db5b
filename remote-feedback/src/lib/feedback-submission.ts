import { FEEDBACK_MAX_CHARS, type FeedbackPayload, type TestDefinition, wireSessionRef } from '@assessment/core';
import type { SessionData } from '@assessment/react';
import type { Rating } from './rating.ts';

export interface SubmissionInput {
  test: Pick<TestDefinition, 'companyName' | 'roleName'>;
  testId: string;
  session: Pick<SessionData, 'sessionId' | 'fullName'>;
  rating: Rating;
  comment: string;
}

export interface Submission {
  /** What the browser keeps, so a reload shows the thanks again. */
  session: { currentScore: Rating; feedback: string; company: string };
  payload: FeedbackPayload;
}

/** What Submit saves and sends: the same rating and comment in storage and to the API. */
export function feedbackSubmission({ test, testId, session, rating, comment }: SubmissionInput): Submission {
  if (!session.sessionId) throw new Error('feedbackSubmission needs a registered session');
  const feedback = comment.trim().slice(0, FEEDBACK_MAX_CHARS);
  return {
    session: { currentScore: rating, feedback, company: test.companyName },
    payload: {
      feedback,
      currentScore: rating,
      userName: session.fullName,
      companyName: test.companyName,
      roleName: test.roleName,
      ...wireSessionRef({ sessionId: session.sessionId, testId }),
    },
  };
}
