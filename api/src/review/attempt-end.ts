import { answerHasContent } from '@assessment/core';
import { answerTree } from '../answers/answer-tree.ts';

/**
 * How an attempt that did not finish ended, as the server's clock knows it (issue 53): the list
 * and the candidate's page say "Time ran out" or "Did not finish" rather than that the quiz is
 * still to be submitted, long after the candidate could.
 */
export interface AttemptFacts {
  /** The answers became final: submitted by the candidate, by the countdown, or the quiz completed. */
  quizSubmitted: boolean;
  /** The quiz's clock started: the candidate pressed its start button, or their autosave sent answers. */
  quizClockStarted: boolean;
  /** When answers became late: the quiz's end, with extra time, plus the grace for the network. */
  lateAfter: number;
  /** The feedback arrived: the candidate finished. */
  finished: boolean;
  /** When their personal invitation expires (as it stands now); null for the open link. */
  invitationExpiresAt: number | null;
}

/** The quiz's time ran out before its answers were submitted. */
export const quizTimeRanOut = (facts: AttemptFacts, now: number): boolean =>
  !facts.quizSubmitted && facts.quizClockStarted && now > facts.lateAfter;

/** The personal invitation expired before the candidate finished. */
export const didNotFinish = (facts: AttemptFacts, now: number): boolean =>
  !facts.finished && facts.invitationExpiresAt !== null && now > facts.invitationExpiresAt;

/** How many of the saved answers hold anything to read, by the rule the quiz counts them with. */
export const answersKept = (answers: readonly string[]): number =>
  answers.filter((html) => answerHasContent(answerTree(html))).length;
