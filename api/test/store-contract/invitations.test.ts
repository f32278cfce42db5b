import { allTests } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvitationExpiredError,
  InvitationInUseError,
  InvitationRevokedError,
  OpenLinkClosedError,
  RecordFinalError,
  SessionConflictError,
} from '../../src/storage/errors.ts';
import type { NewInvitation } from '../../src/storage/invitations/invitation-store.ts';
import { newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { answersOf, feedbackOf, keyHashOf, opened, ref, registrationOf, tick } from './inputs.ts';

const otherTestId = allTests().find((test) => test.uuid !== testId)?.uuid as string;
const DAY = 86_400_000;

let invitationNumber = 0;
function newInvitation(overrides: Partial<NewInvitation> = {}): NewInvitation {
  invitationNumber += 1;
  const number = invitationNumber.toString(16).padStart(16, '0');
  const createdAt = tick();
  return {
    invitationId: `inv_${number}`,
    testId,
    invitationToken: `t${number}${'a'.repeat(9)}`,
    email: `candidate${invitationNumber}@example.com`,
    name: `Candidate ${invitationNumber}`,
    createdAt,
    expiresAt: createdAt + DAY,
    extraTimePercent: 0,
    ...overrides,
  };
}

/** Registers a new session through an invitation, as the registration route does. */
function register(store: AllStores, invitationId: string, sessionId = newSessionId(), at = tick()) {
  return store.saveRegistration(ref(sessionId, at), keyHashOf(sessionId), registrationOf(sessionId), invitationId);
}

describe.each(backEnds)('invitations and the open link ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('keeps an invitation as made, found by its id or by its token within its own test only', async () => {
    const made = newInvitation({ name: null, extraTimePercent: 50 });
    await store.createInvitation(made);
    const stored = { ...made, revokedAt: null, erasedAt: null, sessionId: null, finishedAt: null };

    expect(await store.getInvitation(made.invitationId)).toEqual(stored);
    expect(await store.invitationOfToken(testId, made.invitationToken)).toEqual(stored);
    expect(await store.invitationOfToken(otherTestId, made.invitationToken)).toBeUndefined();
    expect(await store.invitationOfToken(testId, 'z'.repeat(26))).toBeUndefined();
    expect(await store.getInvitation('inv_ffffffffffffffff')).toBeUndefined();
  });

  it("lists a test's invitations newest first, a page at a time, and no other test's", async () => {
    const test = allTests().at(-1)?.uuid as string;
    const made = [newInvitation({ testId: test }), newInvitation({ testId: test }), newInvitation({ testId: test })];
    // Two made in the same millisecond still come in one order, by id.
    const twin = newInvitation({ testId: test, createdAt: made[2]?.createdAt });
    for (const invitation of [...made, twin]) await store.createInvitation(invitation);
    await store.createInvitation(newInvitation({ testId: otherTestId }));

    const first = await store.listInvitations({ testId: test, limit: 2 });
    expect(first.invitations.map((invitation) => invitation.invitationId)).toEqual([
      twin.invitationId,
      made[2]?.invitationId,
    ]);
    expect(first.next).toEqual({ createdAt: made[2]?.createdAt, invitationId: made[2]?.invitationId });
    const second = await store.listInvitations({ testId: test, limit: 2, after: first.next });
    expect(second.invitations.map((invitation) => invitation.invitationId)).toEqual([
      made[1]?.invitationId,
      made[0]?.invitationId,
    ]);
    expect(second.next).toBeUndefined();
  });

  it('extends and adds extra time until revoked; the first revocation counts; an unknown id is undefined', async () => {
    const made = newInvitation();
    await store.createInvitation(made);

    const later = made.expiresAt + DAY;
    expect(await store.changeInvitation(made.invitationId, { expiresAt: later })).toMatchObject({
      expiresAt: later,
      extraTimePercent: 0,
    });
    expect(await store.changeInvitation(made.invitationId, { extraTimePercent: 100 })).toMatchObject({
      expiresAt: later,
      extraTimePercent: 100,
    });

    const revokedAt = tick();
    expect(await store.revokeInvitation(made.invitationId, revokedAt)).toMatchObject({ revokedAt });
    expect(await store.revokeInvitation(made.invitationId, tick())).toMatchObject({ revokedAt });
    expect(await store.changeInvitation(made.invitationId, { extraTimePercent: 25 })).toMatchObject({
      extraTimePercent: 100,
      revokedAt,
    });

    expect(await store.changeInvitation('inv_eeeeeeeeeeeeeeee', { extraTimePercent: 25 })).toBeUndefined();
    expect(await store.revokeInvitation('inv_eeeeeeeeeeeeeeee', tick())).toBeUndefined();
  });

  it('binds the first session that registers with a link, to it alone; the same browser may register again', async () => {
    const made = newInvitation({ extraTimePercent: 25 });
    await store.createInvitation(made);
    const sessionId = newSessionId();
    const at = tick();
    await register(store, made.invitationId, sessionId, at);
    await register(store, made.invitationId, sessionId);

    expect(await store.getInvitation(made.invitationId)).toMatchObject({ sessionId, finishedAt: null });
    expect(await store.sessionOfKey(keyHashOf(sessionId))).toEqual({
      sessionId,
      testId,
      invitationId: made.invitationId,
    });
    expect(await store.getSession(sessionId)).toMatchObject({
      startedAt: at,
      invitation: { invitationId: made.invitationId, sessionId, extraTimePercent: 25 },
    });

    const other = newSessionId();
    await expect(register(store, made.invitationId, other)).rejects.toBeInstanceOf(InvitationInUseError);
    expect(await store.getSession(other)).toBeUndefined();
    expect(await store.sessionOfKey(keyHashOf(other))).toBeUndefined();
  });

  it("reads a session's quiz clock: its start, the quiz's start once sent, and its invitation's extra time", async () => {
    const made = newInvitation({ extraTimePercent: 50 });
    await store.createInvitation(made);
    const invited = newSessionId();
    const at = tick();
    await register(store, made.invitationId, invited, at);
    expect(await store.quizClock(invited)).toEqual({
      testId,
      startedAt: at,
      quizStartedAt: null,
      extraTimePercent: 50,
    });
    const quizAt = tick();
    await store.saveQuizStart(ref(invited, quizAt));
    expect(await store.quizClock(invited)).toMatchObject({ quizStartedAt: quizAt, extraTimePercent: 50 });

    const open = newSessionId();
    const openAt = tick();
    await store.saveRegistration(ref(open, openAt), keyHashOf(open), registrationOf(open));
    expect(await store.quizClock(open)).toEqual({
      testId,
      startedAt: openAt,
      quizStartedAt: null,
      extraTimePercent: 0,
    });
    expect(await store.quizClock(newSessionId())).toBeUndefined();
    // Read at once, as the final saves of many candidates are: each gets its own.
    expect(
      await Promise.all([store.quizClock(open), store.quizClock(newSessionId()), store.quizClock(invited)]),
    ).toEqual([
      { testId, startedAt: openAt, quizStartedAt: null, extraTimePercent: 0 },
      undefined,
      { testId, startedAt: at, quizStartedAt: quizAt, extraTimePercent: 50 },
    ]);
  });

  it('binds nothing through a revoked or expired link, and stores nothing for the session', async () => {
    const revoked = newInvitation();
    await store.createInvitation(revoked);
    await store.revokeInvitation(revoked.invitationId, tick());
    const expired = newInvitation({ expiresAt: tick() });
    await store.createInvitation(expired);

    const first = newSessionId();
    await expect(register(store, revoked.invitationId, first)).rejects.toBeInstanceOf(InvitationRevokedError);
    const second = newSessionId();
    await expect(register(store, expired.invitationId, second)).rejects.toBeInstanceOf(InvitationExpiredError);
    for (const sessionId of [first, second]) expect(await store.getSession(sessionId)).toBeUndefined();
    expect(await store.getInvitation(revoked.invitationId)).toMatchObject({ sessionId: null });
    expect(await store.getInvitation(expired.invitationId)).toMatchObject({ sessionId: null });
  });

  it('refuses a session opened one way to register another way, and binds nothing for it', async () => {
    const made = newInvitation();
    const second = newInvitation();
    await store.createInvitation(made);
    await store.createInvitation(second);
    const open = await opened(store);
    await expect(register(store, made.invitationId, open)).rejects.toBeInstanceOf(SessionConflictError);

    const personal = newSessionId();
    await register(store, made.invitationId, personal);
    await expect(
      store.saveRegistration(ref(personal), keyHashOf(personal), registrationOf(personal)),
    ).rejects.toBeInstanceOf(SessionConflictError);
    await expect(register(store, second.invitationId, personal)).rejects.toBeInstanceOf(SessionConflictError);
    expect(await store.getInvitation(made.invitationId)).toMatchObject({ sessionId: personal });
    expect(await store.getInvitation(second.invitationId)).toMatchObject({ sessionId: null });
  });

  it("marks the invitation finished at its session's first feedback; its session may still register after it expired", async () => {
    const made = newInvitation();
    await store.createInvitation(made);
    const sessionId = newSessionId();
    await register(store, made.invitationId, sessionId);
    await store.saveAnswers(answersOf(sessionId, { final: true, finalReason: 'time-up' }));
    const finishedAt = tick();
    await store.saveFeedback(ref(sessionId, finishedAt), feedbackOf(sessionId));
    await expect(
      store.saveFeedback(ref(sessionId), feedbackOf(sessionId, { feedback: 'Changed my mind.' })),
    ).rejects.toBeInstanceOf(RecordFinalError);

    expect(await store.getInvitation(made.invitationId)).toMatchObject({ sessionId, finishedAt });
    expect((await store.getSession(sessionId))?.answers).toMatchObject({ final: true, finalReason: 'time-up' });
    await register(store, made.invitationId, sessionId, made.expiresAt + 1);
    const open = await opened(store);
    await store.saveFeedback(ref(open), feedbackOf(open));
    expect((await store.getSession(open))?.invitation).toBeNull();
  });

  it("allows each test's open link until it is turned off, and again once it is turned back on", async () => {
    expect(await store.openLinkAllowed(testId)).toBe(true);
    await store.setOpenLinkAllowed(testId, false, tick());
    expect(await store.openLinkAllowed(testId)).toBe(false);
    expect(await store.openLinkAllowed(otherTestId)).toBe(true);
    await store.setOpenLinkAllowed(testId, true, tick());
    expect(await store.openLinkAllowed(testId)).toBe(true);
  });

  it('opens no new session by the open link while it is off; one opened before still registers', async () => {
    const before = await opened(store);
    await store.setOpenLinkAllowed(testId, false, tick());
    try {
      const refused = newSessionId();
      await expect(opened(store, tick(), refused)).rejects.toBeInstanceOf(OpenLinkClosedError);
      expect(await store.getSession(refused)).toBeUndefined();
      expect(await store.sessionOfKey(keyHashOf(refused))).toBeUndefined();
      await opened(store, tick(), before);
      expect((await store.getSession(before))?.registration?.payload).toEqual(registrationOf(before));
    } finally {
      await store.setOpenLinkAllowed(testId, true, tick());
    }
    expect(await store.getSession(await opened(store))).toBeDefined();
  });
});

describe.each(backEnds)("a test's counts and candidates ($name)", (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('counts invitations made, sessions started (and of them, those that sent nothing since) and sessions finished, per test', async () => {
    await store.createInvitation(newInvitation());
    await store.createInvitation(newInvitation());
    const personal = newInvitation();
    await store.createInvitation(personal);
    const bound = newSessionId();
    await register(store, personal.invitationId, bound);
    await store.saveFeedback(ref(bound), feedbackOf(bound));
    await opened(store);

    const counts = await store.testCounts([testId, otherTestId]);
    // The session only opened sent nothing since; the finished one did.
    expect(counts.get(testId)).toEqual({ invited: 3, started: 2, sentNothing: 1, finished: 1 });
    expect(counts.get(otherTestId)).toEqual({ invited: 0, started: 0, sentNothing: 0, finished: 0 });
  });

  it('lists the candidates sorted in the database by name, status or signals, a page at a time', async () => {
    const test = allTests().at(-1)?.uuid as string;
    const ids = new Map<string, string>();
    const inTest = async (fullName: string, steps: { switches?: number; pastes?: number; feedback?: number }) => {
      const sessionId = newSessionId();
      await store.saveRegistration(
        ref(sessionId, tick(), test),
        keyHashOf(sessionId),
        registrationOf(sessionId, { fullName, data: test }),
      );
      ids.set(fullName, sessionId);
      if (steps.switches !== undefined) {
        const question = {
          pastes: Array.from({ length: steps.pastes ?? 0 }, (_, index) => ({ at: 1000 + index, chars: 5 })),
          switches: steps.switches,
        };
        const none = { pastes: [], switches: 0 };
        await store.saveAnswers({
          ...answersOf(sessionId, {
            data: test,
            final: true,
            finalReason: 'complete',
            proctoring: { tabSwitches: steps.switches, perQuestion: [question, none, none] },
          }),
          testId: test,
        });
      }
      if (steps.feedback !== undefined) {
        await store.saveVideoSkip(ref(sessionId, tick(), test), 'no-camera');
        await store.saveFeedback(ref(sessionId, tick(), test), feedbackOf(sessionId, { currentScore: steps.feedback }));
      }
    };
    await inTest('bob Brown', {});
    await inTest('Ada Lovelace', { switches: 3, pastes: 2, feedback: 4 });
    await inTest('carl Cole', { switches: 1, pastes: 0 });
    const names = async (sort: 'name' | 'status' | 'signals' | 'startedAt', order: 'asc' | 'desc', offset = 0) =>
      (
        await store.listCandidates({
          testId: test,
          sort,
          order,
          offset,
          limit: 10,
          silent: 'include',
          reviewerId: 'nobody',
          judgementFirst: false,
        })
      ).map((row) => row.fullName);

    expect(await names('name', 'asc')).toEqual(['Ada Lovelace', 'bob Brown', 'carl Cole']);
    expect(await names('startedAt', 'desc')).toEqual(['carl Cole', 'Ada Lovelace', 'bob Brown']);
    expect(await names('status', 'desc')).toEqual(['Ada Lovelace', 'carl Cole', 'bob Brown']);
    expect(await names('signals', 'asc')).toEqual(['bob Brown', 'carl Cole', 'Ada Lovelace']);
    const page = await store.listCandidates({
      testId: test,
      sort: 'name',
      order: 'desc',
      offset: 1,
      limit: 1,
      silent: 'include',
      reviewerId: 'nobody',
      judgementFirst: false,
    });
    expect(page.map((row) => row.fullName)).toEqual(['bob Brown']);
    // Bob registered and sent nothing since: left out unless asked for, or listed alone.
    const silent = async (which: 'hide' | 'only') =>
      (
        await store.listCandidates({
          testId: test,
          sort: 'name',
          order: 'asc',
          offset: 0,
          limit: 10,
          silent: which,
          reviewerId: 'nobody',
          judgementFirst: false,
        })
      ).map((row) => row.fullName);
    expect(await silent('hide')).toEqual(['Ada Lovelace', 'carl Cole']);
    expect(await silent('only')).toEqual(['bob Brown']);

    const [ada] = await store.listCandidates({
      testId: test,
      sort: 'signals',
      order: 'desc',
      offset: 0,
      limit: 1,
      silent: 'hide',
      reviewerId: 'nobody',
      judgementFirst: false,
    });
    expect(ada).toMatchObject({
      sessionId: ids.get('Ada Lovelace'),
      invitationId: null,
      extraTimePercent: 0,
      email: 'ada@mail.example',
      finalReason: 'complete',
      tabSwitches: 3,
      pastes: 2,
      quizCompleted: false,
      videoReceived: false,
      videoUploading: false,
      videoSkipped: true,
      rating: 4,
      feedbackReceived: true,
    });
    expect(ada?.submittedAt).toEqual(expect.any(Number));
    await opened(store);
    expect(await names('name', 'asc')).toHaveLength(3);
  });
});
