import { defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';

/** Blind review's setting per test, and what each reviewer has seen (`migrations/0015-blind-review.ts`). */
export interface BlindStore {
  /** Each test's setting, of those where an admin has set one (`blindByDefault` decides the rest). */
  blindSettings(testIds: readonly string[]): Promise<Map<string, boolean>>;
  setBlindReview(testId: string, blind: boolean, at: number): Promise<void>;
  /** Records that the reviewer chose to show the candidate. */
  reveal(sessionId: string, reviewerId: string, at: number): Promise<void>;
  /** Of `sessionIds`, those the reviewer has rated or chosen to show: no longer hidden from them. */
  seenBy(reviewerId: string, sessionIds: readonly string[]): Promise<Set<string>>;
}

export const blindWrites = defineWrites({
  async setBlindReview({ db }, testId: string, blind: boolean, at: number): Promise<void> {
    await db
      .insertInto('blind_review_settings')
      .values({ test_id: testId, blind, updated_at: at })
      .onConflict((conflict) => conflict.column('test_id').doUpdateSet({ blind, updated_at: at }))
      .execute();
  },

  async reveal({ db }, sessionId: string, reviewerId: string, at: number): Promise<void> {
    await db
      .insertInto('reveals')
      .values({ session_id: sessionId, reviewer_id: reviewerId, at })
      .onConflict((conflict) => conflict.columns(['session_id', 'reviewer_id']).doNothing())
      .execute();
  },
});

export function createBlindStore({ reads: db, write }: Storage): BlindStore {
  return {
    async blindSettings(testIds) {
      if (testIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('blind_review_settings')
        .select(['test_id', 'blind'])
        .where('test_id', 'in', testIds)
        .execute();
      return new Map(rows.map((row) => [row.test_id, Boolean(row.blind)]));
    },
    setBlindReview: (testId, blind, at) => write('setBlindReview', testId, blind, at),
    reveal: (sessionId, reviewerId, at) => write('reveal', sessionId, reviewerId, at),
    async seenBy(reviewerId, sessionIds) {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('ratings')
        .select('session_id')
        .where('reviewer_id', '=', reviewerId)
        .where('session_id', 'in', sessionIds)
        .union(
          db
            .selectFrom('reveals')
            .select('session_id')
            .where('reviewer_id', '=', reviewerId)
            .where('session_id', 'in', sessionIds),
        )
        .execute();
      return new Set(rows.map((row) => row.session_id));
    },
  };
}
