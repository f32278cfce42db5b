import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredReviewer } from '../../src/storage/reviewers/reviewer-store.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { tick } from './inputs.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTHER_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const codeHashes = (prefix: string) => Array.from({ length: 10 }, (_, index) => `${prefix}-${index}`.padEnd(64, '0'));

let reviewerNumber = 0;
function newReviewer(companyId = 'lumenvault'): StoredReviewer {
  reviewerNumber += 1;
  return {
    reviewerId: `tf_${reviewerNumber}`,
    companyId,
    email: `two-factor${reviewerNumber}@${companyId}.example`,
    name: `Reviewer ${reviewerNumber}`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    createdAt: tick(),
    role: 'reviewer',
  };
}

describe.each(backEnds)('two-factor sign-in in the store ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  let other: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
    other = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('keeps a secret pending until its own first step confirms it, then never sets it up over itself', async () => {
    const reviewer = newReviewer();
    await store.addReviewer(reviewer);
    expect(await store.startTwoFactorSetup(reviewer.reviewerId, SECRET, tick())).toBe(true);
    // A newer set-up replaces a pending one; confirming the older key then does nothing.
    expect(await other.startTwoFactorSetup(reviewer.reviewerId, OTHER_SECRET, tick())).toBe(true);
    expect(await store.confirmTwoFactor(reviewer.reviewerId, SECRET, 100, codeHashes('a'), tick())).toBe(false);
    expect(await store.twoFactorGate('lumenvault', reviewer.reviewerId)).toEqual({ required: false, on: false });

    expect(await other.confirmTwoFactor(reviewer.reviewerId, OTHER_SECRET, 100, codeHashes('b'), tick())).toBe(true);
    expect(await store.twoFactorSecret(reviewer.reviewerId)).toMatchObject({ secret: OTHER_SECRET, lastStep: 100 });
    expect(await store.twoFactorGate('lumenvault', reviewer.reviewerId)).toEqual({ required: false, on: true });
    expect(await store.recoveryCodesLeft(reviewer.reviewerId)).toBe(10);
    expect(await store.startTwoFactorSetup(reviewer.reviewerId, SECRET, tick())).toBe(false);
    expect(await store.twoFactorSecret(reviewer.reviewerId)).toMatchObject({ secret: OTHER_SECRET });
  });

  it('takes each step once and only forward, however many instances are asked at once', async () => {
    const reviewer = newReviewer();
    await store.addReviewer(reviewer);
    await store.startTwoFactorSetup(reviewer.reviewerId, SECRET, tick());
    // Pending: no step is taken for a secret not confirmed.
    expect(await store.takeTwoFactorStep(reviewer.reviewerId, 5)).toBe(false);
    await store.confirmTwoFactor(reviewer.reviewerId, SECRET, 10, codeHashes('c'), tick());

    expect(await store.takeTwoFactorStep(reviewer.reviewerId, 10)).toBe(false);
    const both = await Promise.all([
      store.takeTwoFactorStep(reviewer.reviewerId, 11),
      other.takeTwoFactorStep(reviewer.reviewerId, 11),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await other.takeTwoFactorStep(reviewer.reviewerId, 10)).toBe(false);
    expect(await other.takeTwoFactorStep(reviewer.reviewerId, 12)).toBe(true);
  });

  it('uses each recovery code once, and only the reviewer’s own', async () => {
    const [ann, bo] = [newReviewer(), newReviewer()];
    for (const reviewer of [ann, bo]) {
      await store.addReviewer(reviewer);
      await store.startTwoFactorSetup(reviewer.reviewerId, SECRET, tick());
    }
    await store.confirmTwoFactor(ann.reviewerId, SECRET, 1, codeHashes('ann'), tick());
    await store.confirmTwoFactor(bo.reviewerId, SECRET, 1, codeHashes('bo'), tick());
    const [first] = codeHashes('ann');
    expect(await store.useRecoveryCode(bo.reviewerId, first as string, tick())).toBe(false);
    const once = await Promise.all([
      store.useRecoveryCode(ann.reviewerId, first as string, tick()),
      other.useRecoveryCode(ann.reviewerId, first as string, tick()),
    ]);
    expect(once.filter(Boolean)).toHaveLength(1);
    expect(await store.recoveryCodesLeft(ann.reviewerId)).toBe(9);
    expect(await store.recoveryCodesLeft(bo.reviewerId)).toBe(10);
  });

  it('lets a right password wait for its code until it expires, and drops expired ones', async () => {
    const reviewer = newReviewer();
    await store.addReviewer(reviewer);
    const at = tick();
    await store.startTwoFactorChallenge({
      challengeHash: 'wait-1',
      reviewerId: reviewer.reviewerId,
      createdAt: at,
      expiresAt: at + 300_000,
    });
    expect(await other.challengeReviewer('wait-1', at + 299_999)).toEqual(reviewer);
    expect(await other.challengeReviewer('wait-1', at + 300_000)).toBeUndefined();
    await store.startTwoFactorChallenge({
      challengeHash: 'wait-2',
      reviewerId: reviewer.reviewerId,
      createdAt: at + 300_000,
      expiresAt: at + 600_000,
    });
    // Gone, not only expired: nothing of it is left behind.
    expect(await store.challengeReviewer('wait-1', at)).toBeUndefined();
    await other.endTwoFactorChallenge('wait-2');
    expect(await store.challengeReviewer('wait-2', at + 300_001)).toBeUndefined();
  });

  it('keeps each company’s requirement apart', async () => {
    await store.setTwoFactorRequired('acme', true, tick());
    expect((await other.twoFactorGate('acme', 'nobody')).required).toBe(true);
    expect((await other.twoFactorGate('lumenvault', 'nobody')).required).toBe(false);
    await other.setTwoFactorRequired('acme', false, tick());
    expect(await store.twoFactorGate('acme', 'nobody')).toEqual({ required: false, on: false });
  });

  it('leaves nothing behind when it is turned off, on a reset of access, or with a removed account', async () => {
    const setUp = async (reviewer: StoredReviewer) => {
      await store.addReviewer(reviewer);
      await store.startTwoFactorSetup(reviewer.reviewerId, SECRET, tick());
      await store.confirmTwoFactor(reviewer.reviewerId, SECRET, 1, codeHashes(reviewer.reviewerId), tick());
      const at = tick();
      const challengeHash = `wait-${reviewer.reviewerId}`;
      await store.startTwoFactorChallenge({
        challengeHash,
        reviewerId: reviewer.reviewerId,
        createdAt: at,
        expiresAt: at + 1e9,
      });
      return challengeHash;
    };
    const gone = async (reviewer: StoredReviewer, challengeHash: string) => {
      expect(await other.twoFactorSecret(reviewer.reviewerId)).toBeUndefined();
      expect(await other.recoveryCodesLeft(reviewer.reviewerId)).toBe(0);
      expect(
        await other.useRecoveryCode(reviewer.reviewerId, codeHashes(reviewer.reviewerId)[1] as string, tick()),
      ).toBe(false);
      expect(await other.challengeReviewer(challengeHash, tick())).toBeUndefined();
    };

    const off = newReviewer();
    const offWait = await setUp(off);
    await other.turnOffTwoFactor(off.reviewerId);
    await gone(off, offWait);

    const reset = newReviewer();
    const resetWait = await setUp(reset);
    const at = tick();
    await other.resetAccess(reset.reviewerId, {
      linkHash: `link-${reset.reviewerId}`,
      createdAt: at,
      expiresAt: at + 1e9,
    });
    await gone(reset, resetWait);

    const removed = newReviewer();
    const removedWait = await setUp(removed);
    expect(await other.removeReviewer(removed.email)).toBe(true);
    await gone(removed, removedWait);
  });
});
