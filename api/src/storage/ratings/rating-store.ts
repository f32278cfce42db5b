import { type Criterion, RECOMMENDATIONS, type Recommendation } from '@assessment/core';
import { type Db, type Dialect, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';

/** A test's rubrics and the team's ratings of its candidates (`migrations/0013-ratings.ts`). */

export interface StoredRubric {
  version: number;
  criteria: Criterion[];
  /** A rating was given under this version: a change makes the next one. */
  locked: boolean;
}

export interface StoredRating {
  reviewerId: string;
  actor: string;
  rubricVersion: number;
  scores: (number | null)[];
  recommendation: Recommendation;
  at: number;
}

export interface RatingInput {
  sessionId: string;
  testId: string;
  reviewerId: string;
  actor: string;
  rubricVersion: number;
  scores: (number | null)[];
  recommendation: Recommendation;
  at: number;
}

export interface RatingStore {
  /** The test's rubric as it stands, or null before an admin set one. */
  rubric(testId: string): Promise<StoredRubric | null>;
  /**
   * Sets the test's criteria: in place while no rating was given under the current version, as
   * the next version otherwise, so that no rating changes meaning.
   */
  saveRubric(change: { testId: string; criteria: Criterion[]; actor: string; at: number }): Promise<StoredRubric>;
  /**
   * The reviewer's rating of the candidate, replacing theirs; refused (`stale`) when the rubric
   * is no longer at the version the reviewer rated with.
   */
  rate(rating: RatingInput): Promise<'saved' | 'stale'>;
  ratingsOf(sessionId: string): Promise<StoredRating[]>;
}

const recommendationOf = (value: string): Recommendation => RECOMMENDATIONS.find((known) => known === value) ?? 'no';

const latestVersion = (db: Db, testId: string) =>
  db
    .selectFrom('rubrics')
    .select(['version', 'criteria'])
    .where('test_id', '=', testId)
    .orderBy('version', 'desc')
    .limit(1);

/** Whether a rating was given under this version of the test's rubric: then it is locked. */
async function ratedUnder(db: Db, testId: string, version: number): Promise<boolean> {
  const rating = await db
    .selectFrom('ratings')
    .select('session_id')
    .where('test_id', '=', testId)
    .where('rubric_version', '=', version)
    .limit(1)
    .executeTakeFirst();
  return rating !== undefined;
}

/** The test's current rubric version, its row locked until the transaction ends (`Dialect.forUpdate`). */
const lockedLatestVersion = (db: Db, dialect: Dialect, testId: string) =>
  dialect.forUpdate(latestVersion(db, testId)).executeTakeFirst();

export const ratingWrites = defineWrites({
  async saveRubric(
    { atomically, dialect },
    change: { testId: string; criteria: Criterion[]; actor: string; at: number },
  ): Promise<StoredRubric> {
    return atomically(async (db) => {
      const current = await lockedLatestVersion(db, dialect, change.testId);
      const rated = current !== undefined && (await ratedUnder(db, change.testId, current.version));
      const criteria = JSON.stringify(change.criteria);
      if (current && !rated) {
        await db
          .updateTable('rubrics')
          .set({ criteria, actor: change.actor, created_at: change.at })
          .where('test_id', '=', change.testId)
          .where('version', '=', current.version)
          .execute();
        return { version: current.version, criteria: change.criteria, locked: false };
      }
      const version = (current?.version ?? 0) + 1;
      await db
        .insertInto('rubrics')
        .values({ test_id: change.testId, version, criteria, actor: change.actor, created_at: change.at })
        .execute();
      return { version, criteria: change.criteria, locked: false };
    });
  },

  async rate({ atomically, dialect }, rating: RatingInput): Promise<'saved' | 'stale'> {
    return atomically(async (db) => {
      // Locked, so that a rubric saved meanwhile waits and then sees this rating.
      const current = await lockedLatestVersion(db, dialect, rating.testId);
      if (current?.version !== rating.rubricVersion) return 'stale';
      const given = rating.scores.filter((score): score is number => score !== null);
      const values = {
        test_id: rating.testId,
        rubric_version: rating.rubricVersion,
        scores: JSON.stringify(rating.scores),
        recommendation: rating.recommendation,
        mean_score: given.reduce((sum, score) => sum + score, 0) / given.length,
        recommendation_rank: RECOMMENDATIONS.indexOf(rating.recommendation),
        actor: rating.actor,
        at: rating.at,
      };
      await db
        .insertInto('ratings')
        .values({ session_id: rating.sessionId, reviewer_id: rating.reviewerId, ...values })
        .onConflict((conflict) => conflict.columns(['session_id', 'reviewer_id']).doUpdateSet(values))
        .execute();
      return 'saved';
    });
  },
});

export function createRatingStore({ reads: db, write }: Storage): RatingStore {
  return {
    async rubric(testId) {
      const row = await latestVersion(db, testId).executeTakeFirst();
      if (!row) return null;
      const locked = await ratedUnder(db, testId, row.version);
      return { version: row.version, criteria: JSON.parse(row.criteria) as Criterion[], locked };
    },
    saveRubric: (change) => write('saveRubric', change),
    rate: (rating) => write('rate', rating),
    async ratingsOf(sessionId) {
      const rows = await db
        .selectFrom('ratings')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('at')
        .orderBy('reviewer_id')
        .execute();
      return rows.map((row) => ({
        reviewerId: row.reviewer_id,
        actor: row.actor,
        rubricVersion: row.rubric_version,
        scores: JSON.parse(row.scores) as (number | null)[],
        recommendation: recommendationOf(row.recommendation),
        at: row.at,
      }));
    },
  };
}
