import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';

describe.each(backEnds)('blind review settings ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  it('answers the setting of each asked test an admin has set, in one read, and nothing for the rest', async () => {
    await a.setBlindReview('test-on', true, 1000);
    await a.setBlindReview('test-off', false, 1000);
    await a.setBlindReview('test-turned', true, 1000);
    await b.setBlindReview('test-turned', false, 2000);
    expect(await b.blindSettings(['test-on', 'test-off', 'test-turned', 'test-unset'])).toEqual(
      new Map([
        ['test-on', true],
        ['test-off', false],
        ['test-turned', false],
      ]),
    );
    expect(await b.blindSettings(['test-unset'])).toEqual(new Map());
    expect(await b.blindSettings([])).toEqual(new Map());
  });
});
