import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessEntry } from '../../src/storage/access/access-store.ts';
import { newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { keyHashOf, ref, registrationOf } from './inputs.ts';

const T = 1_800_000_000_000;
const ANN = 'ann@lumenvault.example';
const ROB = 'rob@lumenvault.example';
const SESSIONS = ['looked-at-1', 'looked-at-2', 'looked-at-3', 'looked-at-4'];

/** What a look is, whomever it is at. */
type Look = Omit<AccessEntry, 'sessionId' | 'invitationId'>;

const look = (at: number, changes: Partial<Look>): Look => ({
  companyId: 'lumenvault',
  actor: ANN,
  actorRole: 'admin',
  action: 'video',
  detail: null,
  at,
  address: '127.0.0.1',
  ...changes,
});

const entry = (sessionId: string, at: number, changes: Partial<Look> = {}): AccessEntry => ({
  sessionId,
  invitationId: null,
  ...look(at, changes),
});

/** A look at a personal invitation, as the list of invitations records one. */
const invitationLook = (invitationId: string, at: number, changes: Partial<Look> = {}): AccessEntry => ({
  sessionId: null,
  invitationId,
  ...look(at, { action: 'listed-invitation', ...changes }),
});

const sorted = (rows: { id: string; detail: string | null }[]) =>
  [...rows].sort((a, b) => `${a.id} ${a.detail}`.localeCompare(`${b.id} ${b.detail}`));

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
      { id: 'looked-at-1', detail: 'another kind' },
      { id: 'looked-at-1', detail: null },
      { id: 'looked-at-4', detail: 'another kind' },
    ]);
    expect(await store.looksSince({ sessionIds: SESSIONS, actor: ROB, action: 'video', since: T })).toEqual([
      { id: 'looked-at-3', detail: null },
    ]);
    expect(await store.looksSince({ sessionIds: SESSIONS, actor: ANN, action: 'video', since: T + 300 })).toEqual([]);
  });

  it('answers only for the candidates asked about', async () => {
    expect(
      await store.looksSince({ sessionIds: ['looked-at-3', 'looked-at-4'], actor: ANN, action: 'opened', since: T }),
    ).toEqual([{ id: 'looked-at-3', detail: null }]);
    expect(await store.looksSince({ sessionIds: [], actor: ANN, action: 'video', since: T })).toEqual([]);
    expect(await store.looksSince({ sessionIds: ['never-stored'], actor: ANN, action: 'video', since: T })).toEqual([]);
  });
});

describe.each(backEnds)('looks at personal invitations ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  let made = 0;
  /** A personal invitation of the test, made at `T`. */
  const invitation = async (email: string) => {
    made += 1;
    const number = made.toString(16).padStart(16, '0');
    const invitationId = `inv_look_${number}`;
    await store.createInvitation({
      invitationId,
      testId,
      invitationToken: `l${number}${'a'.repeat(9)}`,
      email,
      name: null,
      createdAt: T,
      expiresAt: T + 86_400_000,
      extraTimePercent: 0,
    });
    return invitationId;
  };
  /** The company's entries at this invitation, as its admins read them: `actor action invitee`. */
  const inCompanyLog = async (invitationId: string) =>
    (await store.companyLog({ companyId: 'lumenvault', limit: 100 })).entries
      .filter((stored) => stored.invitationId === invitationId)
      .map((stored) => `${stored.actor} ${stored.action} ${stored.sessionId} ${stored.invitee}`);

  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('tells in one answer which of a page of invitations this person has looked at this way since a time', async () => {
    const [seen, seenBefore, unseen] = [
      await invitation('seen@mail.example'),
      await invitation('seen-before@mail.example'),
      await invitation('unseen@mail.example'),
    ];
    await store.record([
      invitationLook(seen, T + 100),
      invitationLook(seen, T + 200),
      invitationLook(seenBefore, T + 10),
      invitationLook(unseen, T + 100, { actor: ROB, actorRole: 'reviewer' }),
    ]);
    const ids = [seen, seenBefore, unseen];
    expect(
      await store.looksSince({ invitationIds: ids, actor: ANN, action: 'listed-invitation', since: T + 50 }),
    ).toEqual([{ id: seen, detail: null }]);
    expect(await store.looksSince({ invitationIds: [], actor: ANN, action: 'listed-invitation', since: T })).toEqual(
      [],
    );
    // Asked by session, no invitation is a session.
    expect(await store.looksSince({ sessionIds: ids, actor: ANN, action: 'listed-invitation', since: T })).toEqual([]);
    expect(await inCompanyLog(seen)).toEqual([
      `${ANN} listed-invitation null seen@mail.example`,
      `${ANN} listed-invitation null seen@mail.example`,
    ]);
  });

  it('shows the candidate the looks at their invitation, made before and after they used it, with those at them', async () => {
    const theirs = await invitation('used@mail.example');
    const another = await invitation('another@mail.example');
    const sessionId = newSessionId();
    await store.record([invitationLook(theirs, T + 1), invitationLook(another, T + 2)]);
    await store.saveRegistration(ref(sessionId, T + 3), keyHashOf(sessionId), registrationOf(sessionId), theirs);
    await store.record([
      invitationLook(theirs, T + 4, { actor: ROB, actorRole: 'reviewer' }),
      entry(sessionId, T + 5, { action: 'opened' }),
    ]);

    const looks = await store.ofSession(sessionId, theirs, 10);
    expect(looks.entries.map((stored) => [stored.at, stored.action, stored.sessionId, stored.invitationId])).toEqual([
      [T + 5, 'opened', sessionId, null],
      [T + 4, 'listed-invitation', null, theirs],
      [T + 1, 'listed-invitation', null, theirs],
    ]);
    expect(looks.people).toEqual({ admin: 1, reviewer: 1, ats: 0, operator: 0 });
    expect((await store.ofSession(sessionId, theirs, 2)).entries).toHaveLength(2);
  });

  it('lets an entry be about a session or an invitation, one of the two', async () => {
    const theirs = await invitation('both@mail.example');
    const sessionId = newSessionId();
    await store.saveRegistration(ref(sessionId, T), keyHashOf(sessionId), registrationOf(sessionId));
    const both = { ...invitationLook(theirs, T + 1), sessionId } as unknown as AccessEntry;
    await expect(store.record([both])).rejects.toThrow();
    const neither = { ...invitationLook(theirs, T + 1), invitationId: null } as unknown as AccessEntry;
    await expect(store.record([neither])).rejects.toThrow();
    expect(await inCompanyLog(theirs)).toEqual([]);
  });

  it('erases the looks at an invitation with its candidate, or with it when nobody used it', async () => {
    const used = await invitation('erased-with-session@mail.example');
    const unused = await invitation('erased-unused@mail.example');
    const kept = await invitation('kept@mail.example');
    const sessionId = newSessionId();
    await store.saveRegistration(ref(sessionId, T), keyHashOf(sessionId), registrationOf(sessionId), used);
    await store.record([invitationLook(used, T + 1), invitationLook(unused, T + 1), invitationLook(kept, T + 1)]);

    // An invitation in use is not erased as unused: its looks stay with it.
    await store.eraseUnusedInvitation(used, T + 2);
    expect(await inCompanyLog(used)).toHaveLength(1);

    expect(await store.eraseSession(sessionId, T + 2, 'request')).not.toBeNull();
    expect(await inCompanyLog(used)).toEqual([]);
    await store.eraseUnusedInvitation(unused, T + 2);
    expect(await inCompanyLog(unused)).toEqual([]);
    expect(await inCompanyLog(kept)).toEqual([`${ANN} listed-invitation null kept@mail.example`]);
  });
});
