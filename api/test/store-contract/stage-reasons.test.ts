import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';
import { tick } from './inputs.ts';

describe.each(backEnds)('stage reason versions ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  const change = (companyId: string, editedVersion: number, reasons: string[], actor = 'Ann Admin') => ({
    companyId,
    editedVersion,
    reasons,
    actor,
    at: tick(),
  });

  it('saves every list as the next version, with who saved it and when', async () => {
    const company = 'reasons-versions';
    expect(await a.stageReasonList(company)).toEqual({ reasons: [], version: 0, saved: null });
    const first = change(company, 0, ['Role filled', 'Strong answers']);
    expect(await a.setStageReasons(first)).toBe('saved');
    expect(await b.stageReasonList(company)).toEqual({
      reasons: ['Role filled', 'Strong answers'],
      version: 1,
      saved: { actor: 'Ann Admin', at: first.at },
    });
    // An empty list is a version too: the next save must have read it.
    const emptied = change(company, 1, [], 'Ada Admin');
    expect(await b.setStageReasons(emptied)).toBe('saved');
    expect(await a.stageReasonList(company)).toEqual({
      reasons: [],
      version: 2,
      saved: { actor: 'Ada Admin', at: emptied.at },
    });
    expect(await a.stageReasons(company)).toEqual([]);
  });

  it('refuses a list edited from a version that is no longer the latest, and keeps the latest as it was', async () => {
    const company = 'reasons-stale';
    await a.setStageReasons(change(company, 0, ['Role filled']));
    const adas = change(company, 1, ['Role filled', 'Clear answers'], 'Ada Admin');
    await a.setStageReasons(adas);
    expect(await b.setStageReasons(change(company, 1, ['Strong answers']))).toBe('stale');
    expect(await b.setStageReasons(change(company, 0, ['Strong answers']))).toBe('stale');
    expect(await b.setStageReasons(change(company, 7, ['Strong answers']))).toBe('stale');
    const held = { reasons: ['Role filled', 'Clear answers'], version: 2, saved: { actor: 'Ada Admin', at: adas.at } };
    expect(await b.stageReasonList(company)).toEqual(held);
    expect(await a.stageReasonList(company)).toEqual(held);
    // Another company's list is its own.
    expect(await a.stageReasonList('reasons-other')).toEqual({ reasons: [], version: 0, saved: null });
  });

  it('lets one of many saves of the same version, sent at once from two instances, through', async () => {
    for (const [company, edited] of [
      ['reasons-race-first', 0],
      ['reasons-race-next', 1],
    ] as const) {
      if (edited !== 0) await a.setStageReasons(change(company, 0, ['Role filled']));
      const saves = Array.from({ length: 8 }, (_, index) =>
        change(company, edited, [`Reason ${index}`, `Also ${index}`], `Admin ${index}`),
      );
      const outcomes = await Promise.all(saves.map((save, index) => (index % 2 ? a : b).setStageReasons(save)));
      expect(
        outcomes.filter((outcome) => outcome === 'saved'),
        company,
      ).toHaveLength(1);
      const winner = saves[outcomes.indexOf('saved')];
      // The list is the winner's whole, never a mix of two saves.
      expect(await a.stageReasonList(company)).toEqual({
        reasons: winner?.reasons,
        version: edited + 1,
        saved: { actor: winner?.actor, at: winner?.at },
      });
    }
  });
});
