import { allTests } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../src/storage/privacy/privacy-store.ts';
import { testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { keyHashOf, ref, registrationOf } from './inputs.ts';

const T = 1_800_000_000_000;
/**
 * Tests left out of the list the store is given, as the retention task leaves out those of the
 * catalogue (the store never reads the catalogue, so any test ids serve).
 */
const [GONE, ALSO_GONE] = allTests()
  .map((test) => test.uuid)
  .filter((id) => id !== testId) as [string, string];
/** More ids than either database takes as parameters of one statement (SQLite 32766, PostgreSQL 65535). */
const MANY = Array.from({ length: 70_000 }, (_, index) => `t${index.toString(36).padStart(7, '0')}`);

describe.each(backEnds)('retention beyond the catalogue ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  let made = 0;
  const session = async (sessionId: string, test: string, startedAt: number) => {
    await store.saveRegistration(ref(sessionId, startedAt, test), keyHashOf(sessionId), registrationOf(sessionId));
    return sessionId;
  };
  const invitation = async (test: string, expiresAt: number) => {
    made += 1;
    const number = made.toString(16).padStart(16, '0');
    const invitationId = `inv_keep_${number}`;
    await store.createInvitation({
      invitationId,
      testId: test,
      invitationToken: `r${number}${'a'.repeat(9)}`,
      email: `${invitationId}@mail.example`,
      name: null,
      createdAt: T,
      expiresAt,
      extraTimePercent: 0,
    });
    return invitationId;
  };

  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('tells the shortest retention period any company has ever set, or the default where none is shorter', async () => {
    expect(await store.shortestRetentionDays()).toBe(DEFAULT_RETENTION_DAYS);
    await store.setRetentionDays('lumenvault', 3650, T);
    expect(await store.shortestRetentionDays()).toBe(DEFAULT_RETENTION_DAYS);
    await store.setRetentionDays('orbitra-labs', 20, T);
    await store.setRetentionDays('lumenvault', 90, T + 1);
    // Lengthened since: a candidate who started meanwhile was told 20 days.
    await store.setRetentionDays('orbitra-labs', 400, T + 2);
    expect(await store.shortestRetentionDays()).toBe(20);
  });

  it('lists the sessions of tests not in a list that started before a time, oldest first, in batches', async () => {
    const oldGone = await session('gone-old-1', GONE, T);
    const olderGone = await session('gone-old-0', ALSO_GONE, T - 1);
    await session('gone-recent', GONE, T + 10);
    const listed = await session('listed-old', testId, T - 2);

    expect(await store.sessionsOfOtherTestsStartedBefore([testId], T + 5, 100)).toEqual([olderGone, oldGone]);
    expect(await store.sessionsOfOtherTestsStartedBefore([testId], T + 5, 1)).toEqual([olderGone]);
    expect(await store.sessionsOfOtherTestsStartedBefore([testId, GONE], T + 5, 100)).toEqual([olderGone]);
    // No test is listed: every session is of another test.
    expect(await store.sessionsOfOtherTestsStartedBefore([], T + 5, 100)).toEqual([listed, olderGone, oldGone]);
    expect(await store.sessionsOfOtherTestsStartedBefore([...MANY, testId], T + 5, 100)).toEqual([olderGone, oldGone]);
  });

  it('lists the unused invitations of tests not in a list whose link stopped working before a time', async () => {
    const endedGone = await invitation(GONE, T);
    const revokedGone = await invitation(GONE, T + 1000);
    await store.revokeInvitation(revokedGone, T + 1);
    await invitation(GONE, T + 10);
    const endedListed = await invitation(testId, T);
    const usedGone = await invitation(GONE, T - 5);
    await store.saveRegistration(
      ref('used-gone', T - 6, GONE),
      keyHashOf('used-gone'),
      registrationOf('used-gone'),
      usedGone,
    );
    const erasedGone = await invitation(GONE, T);
    await store.eraseUnusedInvitation(erasedGone, T + 2);

    const listedOf = async (testIds: readonly string[], limit = 100) =>
      (await store.unusedInvitationsOfOtherTestsEndedBefore(testIds, T + 5, limit)).sort();
    expect(await listedOf([testId])).toEqual([endedGone, revokedGone].sort());
    expect(await listedOf([testId], 1)).toHaveLength(1);
    expect(await listedOf([testId, GONE])).toEqual([]);
    expect(await listedOf([])).toEqual([endedGone, revokedGone, endedListed].sort());
    expect(await listedOf([...MANY, testId])).toEqual([endedGone, revokedGone].sort());
  });
});
