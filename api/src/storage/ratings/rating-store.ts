import { type Criterion, RECOMMENDATIONS, type Recommendation } from '@assessment/core';
import { type Db, type Dialect, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { queueGreenhouseScoreChange, reviewerMeans } from '../partners/greenhouse-deliveries.ts';

/** A test's rubrics and the team's ratings of its candidates (`migrations/0013-ratings.ts`). */

/**
 * One version of a test's rubric. Its criteria never change once saved: a change is the next
 * version, so that a score given under a version, or being given under it in a reviewer's open
 * form, keeps the criterion it was given for.
 */
export interface StoredRubric {
  version: number;
  criteria: Criterion[];
  /** A rating was given under this version, and keeps it whatever the rubric becomes. */
  locked: boolean;
}

export interface RubricChange {
  testId: string;
  /** The version the admin changed, null when writing the first. */
  editedVersion: number | null;
  criteria: Criterion[];
  actor: string;
  at: number;
}

/** The rubric's latest version when a save was refused because it edited another. */
export interface RubricStale {
  stale: true;
  latestVersion: number | null;
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
   * Saves the test's criteria as the next version; refused (`stale`) when the version the admin
   * edited is no longer the latest, so that nobody overwrites a version they have not read.
   */
  saveRubric(change: RubricChange): Promise<StoredRubric | RubricStale>;
  /**
   * The reviewer's rating of the candidate, replacing theirs; refused (`stale`) when the rubric
   * is no longer at the version the reviewer rated with.
   */
  rate(rating: RatingInput): Promise<'saved' | 'stale'>;
  ratingsOf(sessionId: string): Promise<StoredRating[]>;
  /** Every version of the test's rubric there is, by number: the criteria each rating was given for. */
  rubricVersions(testId: string): Promise<Map<number, Criterion[]>>;
  /** Each rating's mean score of the candidate, as `partners/partner-score.ts` takes them. */
  meanScoresOf(sessionId: string): Promise<number[]>;
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

/**
 * The test's current rubric version, its row locked until the transaction ends (`Dialect.forUpdate`):
 * two saves of the same version take turns, and the second sees it is no longer the latest.
 */
const lockedLatestVersion = (db: Db, dialect: Dialect, testId: string) =>
  dialect.forUpdate(latestVersion(db, testId)).executeTakeFirst();

export const ratingWrites = defineWrites({
  async saveRubric(context, change: RubricChange): Promise<StoredRubric | RubricStale> {
    const { atomically, dialect } = context;
    try {
      return await atomically(async (db): Promise<StoredRubric | RubricStale> => {
        const current = await lockedLatestVersion(db, dialect, change.testId);
        const latest = current?.version ?? null;
        if (latest !== change.editedVersion) return { stale: true, latestVersion: latest };
        const version = (latest ?? 0) + 1;
        await db
          .insertInto('rubrics')
          .values({
            test_id: change.testId,
            version,
            criteria: JSON.stringify(change.criteria),
            actor: change.actor,
            created_at: change.at,
          })
          .execute();
        return { version, criteria: change.criteria, locked: false };
      });
    } catch (error) {
      // Two saves of the same version, neither seeing the other's row yet (the first version has
      // no row to lock): the second to insert finds its version taken, and edited a stale one.
      if (!dialect.isUniqueViolation(error)) throw error;
      const latest = await latestVersion(context.db, change.testId).executeTakeFirst();
      return { stale: true, latestVersion: latest?.version ?? null };
    }
  },

  async rate({ atomically, deliveryJobs }, rating: RatingInput): Promise<'saved' | 'stale'> {
    return atomically(async (db) => {
      // Not locked: a version's criteria never change, so a rating that lands under a version
      // being replaced this instant still means what its reviewer read, and keeps that version.
      const current = await latestVersion(db, rating.testId).executeTakeFirst();
      if (current?.version !== rating.rubricVersion) return 'stale';
      const before = await reviewerMeans(db, rating.sessionId);
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
      await queueGreenhouseScoreChange(db, deliveryJobs, {
        sessionId: rating.sessionId,
        testId: rating.testId,
        at: rating.at,
        before,
        after: await reviewerMeans(db, rating.sessionId),
        cause: `${rating.reviewerId}:${rating.at}`,
      });
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
    async rubricVersions(testId) {
      const rows = await db
        .selectFrom('rubrics')
        .select(['version', 'criteria'])
        .where('test_id', '=', testId)
        .orderBy('version')
        .execute();
      return new Map(rows.map((row) => [row.version, JSON.parse(row.criteria) as Criterion[]]));
    },
    meanScoresOf: (sessionId) => reviewerMeans(db, sessionId),
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
