import type { CandidateStage, ShownStage } from '@assessment/core';
import type { StoredStageChange } from '../storage/decisions/decision-store.ts';
import type { RatingStore } from '../storage/ratings/rating-store.ts';

/**
 * Independent judgement (issue 53). While a test has a rubric, a reviewer who has not rated a
 * candidate is sent nothing of a teammate's judgement of them: no teammate's score or
 * recommendation (`ratings.ts`), note, stage change, its reason or author, nor any figure made of
 * them, on any route (the candidate list, its sorts and filters, the decisions, the export). What
 * they did themselves they see. A teammate's Advance or Decline shows only as `moved-on`, so that
 * nobody rates a candidate already out of the running by mistake. Without a rubric nobody can
 * rate, so there is no rating to keep independent, and the team's decisions show as they are.
 */

/** Whether the test has a rubric: then a reviewer's judgement of a candidate comes before their team's. */
export async function judgementFirst(ratings: RatingStore, testId: string): Promise<boolean> {
  return (await ratings.rubric(testId)) !== null;
}

/** Whether the team's judgement of the candidate is withheld from the reviewer: a rubric, and no rating of theirs yet. */
export async function judgementWithheld(
  ratings: RatingStore,
  reviewerId: string,
  record: { sessionId: string; testId: string },
): Promise<boolean> {
  if (!(await judgementFirst(ratings, record.testId))) return false;
  const given = await ratings.ratingsOf(record.sessionId);
  return !given.some((rating) => rating.reviewerId === reviewerId);
}

/** The stages a teammate's decision puts a candidate out of the running at; `moved-on` while withheld. */
export const DECIDED_STAGES: readonly CandidateStage[] = ['advance', 'decline'];

/**
 * The stage as the reviewer is shown it: as it is, unless it is withheld from them and a teammate
 * (not they themselves, by the history's last change) advanced or declined the candidate.
 */
export function shownStage(
  stage: CandidateStage,
  history: readonly StoredStageChange[],
  reader: { reviewerId: string; withheld: boolean },
): ShownStage {
  if (!reader.withheld || !DECIDED_STAGES.includes(stage)) return stage;
  return history.at(-1)?.reviewerId === reader.reviewerId ? stage : 'moved-on';
}
