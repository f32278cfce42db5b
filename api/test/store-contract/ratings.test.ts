import type { Criterion } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';
import { opened, tick } from './inputs.ts';

const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };
const clarity: Criterion = { about: 1, name: 'Clarity', anchors };
const depth: Criterion = { about: 2, name: 'Depth', anchors };

describe.each(backEnds)('rubric versions ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  const change = (editedVersion: number | null, criteria: Criterion[], test = testId) => ({
    testId: test,
    editedVersion,
    criteria,
    actor: 'Ann Admin',
    at: tick(),
  });

  it('saves every change as the next version, and refuses a rating given under the one before', async () => {
    const test = 'rubric-versions';
    expect(await a.saveRubric(change(null, [clarity, depth], test))).toEqual({
      version: 1,
      criteria: [clarity, depth],
      locked: false,
    });
    // Nobody has rated under version 1: changing it still makes version 2.
    expect(await b.saveRubric(change(1, [depth, clarity], test))).toEqual({
      version: 2,
      criteria: [depth, clarity],
      locked: false,
    });
    const sessionId = await opened(a);
    const rating = { sessionId, testId: test, reviewerId: 'rob', actor: 'Rob', recommendation: 'yes' as const };
    expect(await a.rate({ ...rating, rubricVersion: 1, scores: [5, 1], at: tick() })).toBe('stale');
    expect(await a.ratingsOf(sessionId)).toEqual([]);
    expect(await b.rate({ ...rating, rubricVersion: 2, scores: [1, 5], at: tick() })).toBe('saved');
    expect(await a.rubric(test)).toEqual({ version: 2, criteria: [depth, clarity], locked: true });
  });

  it('refuses a save of a version that is no longer the latest, and keeps the latest as it was', async () => {
    const test = 'rubric-stale';
    await a.saveRubric(change(null, [clarity], test));
    await a.saveRubric(change(1, [clarity, depth], test));
    expect(await b.saveRubric(change(1, [depth], test))).toEqual({ stale: true, latestVersion: 2 });
    expect(await b.saveRubric(change(null, [depth], test))).toEqual({ stale: true, latestVersion: 2 });
    expect(await b.rubric(test)).toEqual({ version: 2, criteria: [clarity, depth], locked: false });
  });

  it('lets one of many saves of the same version, sent at once from two instances, through', async () => {
    for (const [test, edited] of [
      ['rubric-race-first', null],
      ['rubric-race-next', 1],
    ] as const) {
      if (edited !== null) await a.saveRubric(change(null, [clarity], test));
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          (index % 2 ? a : b).saveRubric(change(edited, [{ ...clarity, name: `Clarity ${index}` }], test)),
        ),
      );
      const saved = outcomes.filter((outcome) => !('stale' in outcome));
      expect(saved, test).toHaveLength(1);
      const next = (edited ?? 0) + 1;
      expect(outcomes.filter((outcome) => 'stale' in outcome)).toEqual(
        Array.from({ length: 7 }, () => ({ stale: true, latestVersion: next })),
      );
      expect(await a.rubric(test)).toEqual({ ...saved[0], version: next });
    }
  });
});
