import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';

const DAY = 86_400_000;
const HOLD = 15 * 60_000;

describe.each(backEnds)('periodic task runs ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  it('lets one instance of many claim a due task, and none again until it is due again', async () => {
    const t = 1_800_000_000_000;
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).claimTask('daily', t, DAY, HOLD)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await a.finishTask('daily', t + 1000);
    expect(await b.claimTask('daily', t + DAY - 1, DAY, HOLD)).toBe(false);
    expect(await b.claimTask('daily', t + DAY, DAY, HOLD)).toBe(true);
  });

  it('lets another instance take over a run whose instance died, once its hold has passed', async () => {
    const t = 1_900_000_000_000;
    expect(await a.claimTask('often', t, 1000, HOLD)).toBe(true);
    expect(await b.claimTask('often', t + 5000, 1000, HOLD)).toBe(false);
    expect(await b.claimTask('often', t + HOLD, 1000, HOLD)).toBe(true);
  });
});
