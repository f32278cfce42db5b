import {
  type CandidateRatings,
  type Criterion,
  criterionSummaries,
  type RatingView,
  type Rubric,
  type TestDefinition,
} from '@assessment/core';
import { iso } from '../admin/time.ts';
import { HttpError } from '../http/errors.ts';
import type { RatingStore, StoredRating, StoredRubric } from '../storage/ratings/rating-store.ts';

export const NO_RUBRIC = "This test has no rubric yet: a company admin sets one on the test's page";

export const rubricView = (stored: StoredRubric | null): Rubric =>
  stored ?? { version: null, criteria: [], locked: false };

/** A criterion about a question the test does not have is refused, not kept to confuse a reviewer. */
export function checkCriteria(test: TestDefinition, criteria: Criterion[]): void {
  const questions = test.questions.length;
  const stray = criteria.findIndex((criterion) => criterion.about !== 'video' && criterion.about > questions);
  if (stray >= 0) {
    throw new HttpError(
      400,
      `Criterion ${stray + 1} is about question ${criteria[stray]?.about}, and this test has ${questions}`,
    );
  }
}

/**
 * Why an admin's rubric was not saved: the version they edited is not the latest (another save came
 * first, which theirs would overwrite unseen), or they edited a version the test never had.
 */
export function staleRubricEdit(edited: number | null, latest: number | null): string {
  if (latest === null) return `This test has no rubric version ${edited}: read the rubric again, then save`;
  const editing = edited === null ? 'writing a first one' : `editing version ${edited}`;
  return `Version ${latest} of the rubric was saved while you were ${editing}: read it, then save your changes again`;
}

/** A rating as the page reads it, with the criteria of the version it was given under. */
const ratingView = (rating: StoredRating, versions: ReadonlyMap<number, Criterion[]>): RatingView => ({
  by: rating.actor,
  rubricVersion: rating.rubricVersion,
  criteria: versions.get(rating.rubricVersion) ?? [],
  scores: rating.scores,
  recommendation: rating.recommendation,
  at: iso(rating.at) as string,
});

/**
 * What one reviewer may see of a candidate's ratings: their own, and the team's only once they
 * have rated, so that nobody's score is anchored on a teammate's. Every rating keeps the criteria
 * of its version; the team's figures count each criterion over every rating that has it
 * (`criterionSummaries`), the current rubric's first.
 */
export async function candidateRatings(
  ratings: RatingStore,
  rubric: StoredRubric | null,
  record: { sessionId: string; testId: string },
  reviewerId: string,
): Promise<CandidateRatings> {
  const all = await ratings.ratingsOf(record.sessionId);
  const mine = all.find((rating) => rating.reviewerId === reviewerId);
  if (!mine) return { rubric: rubricView(rubric), mine: null, team: null };
  const versions = await ratings.rubricVersions(record.testId);
  const views = all.map((rating) => ratingView(rating, versions));
  return {
    rubric: rubricView(rubric),
    mine: ratingView(mine, versions),
    team: { ratings: views, criteria: criterionSummaries(rubric?.criteria ?? [], views) },
  };
}
