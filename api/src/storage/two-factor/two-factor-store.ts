import { type Db, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { type StoredReviewer, toReviewer } from '../reviewers/reviewer-store.ts';

/**
 * Reviewers' two-factor sign-in (`migrations/0017-two-factor.ts`): each one's TOTP secret,
 * recovery codes and the right passwords waiting for their code, and each company's requirement.
 */

export interface TwoFactorSecret {
  secret: string;
  /** Null while the secret waits for its first code. */
  confirmedAt: number | null;
  /** The newest time step a code was taken for; a code of this step or an earlier one is refused. */
  lastStep: number | null;
}

export interface NewChallenge {
  /** SHA-256 of the random value in the cookie; the value itself is never stored. */
  challengeHash: string;
  reviewerId: string;
  createdAt: number;
  expiresAt: number;
}

export interface TwoFactorStore {
  twoFactorSecret(reviewerId: string): Promise<TwoFactorSecret | undefined>;
  /** Keeps a new secret pending in place of any pending one; false when two-factor sign-in is on already. */
  startTwoFactorSetup(reviewerId: string, secret: string, at: number): Promise<boolean>;
  /**
   * Turns the pending `secret` on, with the step its first code was for and the hashes of new
   * recovery codes in place of any old ones; false when that secret is no longer the pending one.
   */
  confirmTwoFactor(
    reviewerId: string,
    secret: string,
    step: number,
    codeHashes: string[],
    at: number,
  ): Promise<boolean>;
  /** Takes a code's step, once: false when this step or a later one was taken already (a replay). */
  takeTwoFactorStep(reviewerId: string, step: number): Promise<boolean>;
  /** Uses a recovery code, once: false when it is not one of the reviewer's unused codes. */
  useRecoveryCode(reviewerId: string, codeHash: string, at: number): Promise<boolean>;
  recoveryCodesLeft(reviewerId: string): Promise<number>;
  /**
   * New recovery codes in place of every old one, used or not, as one change; false when two-factor
   * sign-in is not on.
   */
  replaceRecoveryCodes(reviewerId: string, codeHashes: string[]): Promise<boolean>;
  /** Takes away the secret, the recovery codes and any sign-in waiting for a code. */
  turnOffTwoFactor(reviewerId: string): Promise<void>;
  /** Also drops challenges that have expired. */
  startTwoFactorChallenge(challenge: NewChallenge): Promise<void>;
  /** The reviewer whose right password waits for a code, until it expires. */
  challengeReviewer(challengeHash: string, at: number): Promise<StoredReviewer | undefined>;
  endTwoFactorChallenge(challengeHash: string): Promise<void>;
  setTwoFactorRequired(companyId: string, required: boolean, at: number): Promise<void>;
  /** Both facts a reviewer request needs, in one query: whether the company requires it, and whether it is on. */
  twoFactorGate(companyId: string, reviewerId: string): Promise<{ required: boolean; on: boolean }>;
}

/** The reviewer's recovery codes become these, and only these. */
async function putRecoveryCodes(db: Db, reviewerId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('reviewer_id', '=', reviewerId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((codeHash) => ({ code_hash: codeHash, reviewer_id: reviewerId, used_at: null })))
    .execute();
}

export const twoFactorWrites = defineWrites({
  async startTwoFactorSetup({ db }, reviewerId: string, secret: string, at: number): Promise<boolean> {
    const row = { reviewer_id: reviewerId, secret, created_at: at, confirmed_at: null, last_step: null };
    const written = await db
      .insertInto('reviewer_two_factor')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .column('reviewer_id')
          .doUpdateSet({ secret, created_at: at })
          .where('reviewer_two_factor.confirmed_at', 'is', null),
      )
      .executeTakeFirst();
    return (written.numInsertedOrUpdatedRows ?? 0n) > 0n;
  },

  async confirmTwoFactor(
    { atomically },
    reviewerId: string,
    secret: string,
    step: number,
    codeHashes: string[],
    at: number,
  ): Promise<boolean> {
    return atomically(async (db) => {
      const confirmed = await db
        .updateTable('reviewer_two_factor')
        .set({ confirmed_at: at, last_step: step })
        .where('reviewer_id', '=', reviewerId)
        .where('secret', '=', secret)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (confirmed.numUpdatedRows === 0n) return false;
      await putRecoveryCodes(db, reviewerId, codeHashes);
      return true;
    });
  },

  async replaceRecoveryCodes({ atomically, dialect }, reviewerId: string, codeHashes: string[]): Promise<boolean> {
    return atomically(async (db) => {
      const on = await dialect
        .forUpdate(
          db
            .selectFrom('reviewer_two_factor')
            .select('reviewer_id')
            .where('reviewer_id', '=', reviewerId)
            .where('confirmed_at', 'is not', null),
        )
        .executeTakeFirst();
      if (!on) return false;
      await putRecoveryCodes(db, reviewerId, codeHashes);
      return true;
    });
  },

  /** One conditional update, so two instances given the same code at once take it only once. */
  async takeTwoFactorStep({ db }, reviewerId: string, step: number): Promise<boolean> {
    const taken = await db
      .updateTable('reviewer_two_factor')
      .set({ last_step: step })
      .where('reviewer_id', '=', reviewerId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n;
  },

  async useRecoveryCode({ db }, reviewerId: string, codeHash: string, at: number): Promise<boolean> {
    const used = await db
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('code_hash', '=', codeHash)
      .where('reviewer_id', '=', reviewerId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  },

  async turnOffTwoFactor({ atomically }, reviewerId: string): Promise<void> {
    await atomically(async (db) => {
      await db.deleteFrom('reviewer_two_factor').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('recovery_codes').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('two_factor_challenges').where('reviewer_id', '=', reviewerId).execute();
    });
  },

  async startTwoFactorChallenge({ db }, challenge: NewChallenge): Promise<void> {
    await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', challenge.createdAt).execute();
    await db
      .insertInto('two_factor_challenges')
      .values({
        challenge_hash: challenge.challengeHash,
        reviewer_id: challenge.reviewerId,
        expires_at: challenge.expiresAt,
      })
      .execute();
  },

  async endTwoFactorChallenge({ db }, challengeHash: string): Promise<void> {
    await db.deleteFrom('two_factor_challenges').where('challenge_hash', '=', challengeHash).execute();
  },

  async setTwoFactorRequired({ db }, companyId: string, required: boolean, at: number): Promise<void> {
    await db
      .insertInto('two_factor_requirements')
      .values({ company_id: companyId, required, updated_at: at })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ required, updated_at: at }))
      .execute();
  },
});

export function createTwoFactorStore({ reads: db, write }: Storage): TwoFactorStore {
  return {
    async twoFactorSecret(reviewerId) {
      const row = await db
        .selectFrom('reviewer_two_factor')
        .select(['secret', 'confirmed_at', 'last_step'])
        .where('reviewer_id', '=', reviewerId)
        .executeTakeFirst();
      return row && { secret: row.secret, confirmedAt: row.confirmed_at, lastStep: row.last_step };
    },
    startTwoFactorSetup: (reviewerId, secret, at) => write('startTwoFactorSetup', reviewerId, secret, at),
    confirmTwoFactor: (reviewerId, secret, step, codeHashes, at) =>
      write('confirmTwoFactor', reviewerId, secret, step, codeHashes, at),
    takeTwoFactorStep: (reviewerId, step) => write('takeTwoFactorStep', reviewerId, step),
    replaceRecoveryCodes: (reviewerId, codeHashes) => write('replaceRecoveryCodes', reviewerId, codeHashes),
    useRecoveryCode: (reviewerId, codeHash, at) => write('useRecoveryCode', reviewerId, codeHash, at),
    async recoveryCodesLeft(reviewerId) {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll().as('left'))
        .where('reviewer_id', '=', reviewerId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.left ?? 0);
    },
    turnOffTwoFactor: (reviewerId) => write('turnOffTwoFactor', reviewerId),
    startTwoFactorChallenge: (challenge) => write('startTwoFactorChallenge', challenge),
    async challengeReviewer(challengeHash, at) {
      const row = await db
        .selectFrom('two_factor_challenges')
        .innerJoin('reviewers', 'reviewers.reviewer_id', 'two_factor_challenges.reviewer_id')
        .selectAll('reviewers')
        .where('two_factor_challenges.challenge_hash', '=', challengeHash)
        .where('two_factor_challenges.expires_at', '>', at)
        .executeTakeFirst();
      return row && toReviewer(row);
    },
    endTwoFactorChallenge: (challengeHash) => write('endTwoFactorChallenge', challengeHash),
    setTwoFactorRequired: (companyId, required, at) => write('setTwoFactorRequired', companyId, required, at),
    async twoFactorGate(companyId, reviewerId) {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('two_factor_requirements')
            .select('required')
            .where('company_id', '=', companyId)
            .as('required'),
          eb
            .selectFrom('reviewer_two_factor')
            .select('confirmed_at')
            .where('reviewer_id', '=', reviewerId)
            .as('confirmed_at'),
        ])
        .executeTakeFirstOrThrow();
      return { required: Boolean(row.required), on: row.confirmed_at !== null };
    },
  };
}
