import { allTests } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionQuery } from '../../src/storage/sessions/session-store.ts';
import { testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { keyHashOf, ref, registrationOf } from './inputs.ts';

const otherTestId = allTests().find((test) => test.uuid !== testId)?.uuid as string;
const T = 1_800_000_000_000;

/**
 * Sessions of two tests, some starting in the same millisecond: those are listed by their id,
 * compared byte by byte ("0" < "A" < "_" < "a"), whatever the database's own collation.
 */
const SESSIONS: [sessionId: string, startedAt: number, test: string][] = [
  ['late-session', T + 30, testId],
  ['tie-at-a', T + 10, testId],
  ['tie-at-_', T + 10, otherTestId],
  ['tie-at-A', T + 10, testId],
  ['tie-at-0', T + 10, testId],
  ['first-one', T, testId],
  ['middle-one', T + 20, otherTestId],
];

async function everyPage(store: AllStores, query: Omit<SessionQuery, 'limit' | 'after'>, limit: number) {
  const pages: string[][] = [];
  let after: SessionQuery['after'];
  do {
    const page = await store.listSessions({ ...query, limit, ...(after ? { after } : {}) });
    pages.push(page.sessions.map((session) => session.sessionId));
    after = page.next;
  } while (after);
  return pages;
}

describe.each(backEnds)('the admin list ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
    for (const [sessionId, startedAt, test] of SESSIONS) {
      await store.saveRegistration(
        ref(sessionId, startedAt, test),
        keyHashOf(sessionId),
        registrationOf(sessionId, { data: test }),
      );
    }
  });
  afterAll(() => database.remove());

  it('pages through the sessions in start order, ties by id, with a cursor that ends on the last page', async () => {
    const order = ['first-one', 'tie-at-0', 'tie-at-A', 'tie-at-_', 'tie-at-a', 'middle-one', 'late-session'];
    expect(await everyPage(store, {}, 3)).toEqual([order.slice(0, 3), order.slice(3, 6), order.slice(6)]);
    expect(await everyPage(store, {}, 7)).toEqual([order]);
    const first = await store.listSessions({ limit: 2 });
    expect(first.next).toEqual({ startedAt: T + 10, sessionId: 'tie-at-0' });
    expect(first.sessions[1]).toMatchObject({ sessionId: 'tie-at-0', registration: { receivedAt: T + 10 } });
  });

  it('filters by test, and by start: from inclusive, to exclusive', async () => {
    expect(await everyPage(store, { testId: otherTestId }, 1)).toEqual([['tie-at-_'], ['middle-one']]);
    expect(await everyPage(store, { from: T + 10, to: T + 30 }, 10)).toEqual([
      ['tie-at-0', 'tie-at-A', 'tie-at-_', 'tie-at-a', 'middle-one'],
    ]);
    expect(await everyPage(store, { testId, from: T + 10, to: T + 11 }, 2)).toEqual([
      ['tie-at-0', 'tie-at-A'],
      ['tie-at-a'],
    ]);
    expect(await everyPage(store, { to: T }, 5)).toEqual([[]]);
  });

  it('goes on after a cursor even when its session is not listed under the filter', async () => {
    const page = await store.listSessions({ limit: 10, testId, after: { startedAt: T + 10, sessionId: 'tie-at-_' } });
    expect(page.sessions.map((session) => session.sessionId)).toEqual(['tie-at-a', 'late-session']);
    expect(page.next).toBeUndefined();
  });
});
