import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessEntry } from '../../src/storage/access/access-store.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { keyHashOf, ref, registrationOf } from './inputs.ts';

const T = 1_800_000_000_000;
const ANN = 'ann@lumenvault.example';
const ROB = 'rob@lumenvault.example';
const SESSIONS = ['looked-at-1', 'looked-at-2', 'looked-at-3', 'looked-at-4'];

const entry = (sessionId: string, at: number, changes: Partial<AccessEntry> = {}): AccessEntry => ({
  sessionId,
  companyId: 'lumenvault',
  actor: ANN,
  actorRole: 'admin',
  action: 'video',
  detail: null,
  at,
  address: '127.0.0.1',
  ...changes,
});

const sorted = (rows: { sessionId: string; detail: string | null }[]) =>
  [...rows].sort((a, b) => `${a.sessionId} ${a.detail}`.localeCompare(`${b.sessionId} ${b.detail}`));

describe.each(backEnds)('the access log ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
    for (const sessionId of SESSIONS) {
      await store.saveRegistration(ref(sessionId, T), keyHashOf(sessionId), registrationOf(sessionId));
    }
    await store.record([
      // Two looks of one kind at one candidate are one answer.
      entry('looked-at-1', T + 100),
      entry('looked-at-1', T + 200),
      // The same action with another detail: answered apart.
      entry('looked-at-1', T + 300, { detail: 'another kind' }),
      // Only after `since`: not at it.
      entry('looked-at-2', T + 50),
      entry('looked-at-2', T + 10),
      // Another person's look, and another action.
      entry('looked-at-3', T + 300, { actor: ROB, actorRole: 'reviewer' }),
      entry('looked-at-3', T + 300, { action: 'opened' }),
      entry('looked-at-4', T + 51, { detail: 'another kind' }),
    ]);
  });
  afterAll(() => database.remove());

  it('tells in one answer which of a page of candidates this person has looked at this way since a time, with what detail', async () => {
    const looks = await store.looksSince({ sessionIds: SESSIONS, actor: ANN, action: 'video', since: T + 50 });
    expect(sorted(looks)).toEqual([
      { sessionId: 'looked-at-1', detail: 'another kind' },
      { sessionId: 'looked-at-1', detail: null },
      { sessionId: 'looked-at-4', detail: 'another kind' },
    ]);
    expect(await store.looksSince({ sessionIds: SESSIONS, actor: ROB, action: 'video', since: T })).toEqual([
      { sessionId: 'looked-at-3', detail: null },
    ]);
    expect(await store.looksSince({ sessionIds: SESSIONS, actor: ANN, action: 'video', since: T + 300 })).toEqual([]);
  });

  it('answers only for the candidates asked about', async () => {
    expect(
      await store.looksSince({ sessionIds: ['looked-at-3', 'looked-at-4'], actor: ANN, action: 'opened', since: T }),
    ).toEqual([{ sessionId: 'looked-at-3', detail: null }]);
    expect(await store.looksSince({ sessionIds: [], actor: ANN, action: 'video', since: T })).toEqual([]);
    expect(await store.looksSince({ sessionIds: ['never-stored'], actor: ANN, action: 'video', since: T })).toEqual([]);
  });
});
