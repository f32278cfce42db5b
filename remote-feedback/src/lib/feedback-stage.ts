import type { SessionData } from '@assessment/react';

/**
 * Which screen of the section a candidate sees:
 * - `locked`: not registered for this invitation, or the section before this one (the video
 *   introduction: recorded or explicitly skipped) is not finished, so the section sends them back
 *   to the invitation page;
 * - `form`: the rating and comment form;
 * - `done`: feedback already submitted for this invitation, so a reload shows the thanks again.
 */
export type FeedbackStage = 'locked' | 'form' | 'done';

type StageFacts = Pick<SessionData, 'testId' | 'sessionId'> & {
  /** The section before this one is finished (`usePreviousSectionFinished`). */
  previousFinished: boolean;
  /** The rating submitted, or null before Submit. */
  currentScore: number | null;
};

export function feedbackStage(session: StageFacts, testId: string): FeedbackStage {
  // Without the session id the feedback could not be tied to the candidate's attempt.
  const registered = session.testId === testId && Boolean(session.sessionId);
  if (!registered || !session.previousFinished) return 'locked';
  return session.currentScore === null ? 'form' : 'done';
}
