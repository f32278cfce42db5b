import { allTests } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SessionConflictError,
  SessionErasedError,
  SessionKeyError,
  SessionNotFoundError,
} from '../../src/storage/errors.ts';
import type { SessionRef } from '../../src/storage/sessions/session-store.ts';
import { newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import {
  answersOf,
  deviceFactsOf,
  feedbackOf,
  keyHashOf,
  opened,
  quizCompleteOf,
  ref,
  registrationOf,
  tick,
} from './inputs.ts';

const otherTestId = allTests().find((test) => test.uuid !== testId)?.uuid as string;

/** Every write but a registration, for a session named by `at`. */
function writesOf(store: AllStores, at: SessionRef): [string, () => Promise<unknown>][] {
  return [
    ['quiz start', () => store.saveQuizStart(at)],
    ['quiz complete', () => store.saveQuizComplete(at, quizCompleteOf(at.sessionId))],
    ['answers', () => store.saveAnswers({ ...answersOf(at.sessionId), ...at })],
    ['device check', () => store.saveDeviceCheck(at, 'check-1', deviceFactsOf(), true)],
    ['no video', () => store.saveVideoSkip(at, 'no-camera')],
    ['feedback', () => store.saveFeedback(at, feedbackOf(at.sessionId))],
    [
      'video upload',
      () => store.startVideoUpload({ ...at, uploadId: `u-${at.sessionId}`, recordingId: null, declaredType: null }),
    ],
  ];
}

describe.each(backEnds)('sessions and their keys ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('opens a session bound to its key, starting when its registration arrived', async () => {
    const sessionId = newSessionId();
    const at = tick();
    await store.saveRegistration(ref(sessionId, at), keyHashOf(sessionId), registrationOf(sessionId));

    expect(await store.sessionOfKey(keyHashOf(sessionId))).toEqual({ sessionId, testId, invitationId: null });
    const record = await store.getSession(sessionId);
    expect(record).toMatchObject({
      sessionId,
      testId,
      startedAt: at,
      registration: { payload: registrationOf(sessionId), receivedAt: at, updatedAt: at },
    });
  });

  it('lets the same key register again: new details, the first start and arrival kept', async () => {
    const first = tick();
    const sessionId = await opened(store, first);
    const again = tick();
    const changed = registrationOf(sessionId, { fullName: 'Ada King' });
    await store.saveRegistration(ref(sessionId, again), keyHashOf(sessionId), changed);

    expect(await store.getSession(sessionId)).toMatchObject({
      startedAt: first,
      registration: { payload: changed, receivedAt: first, updatedAt: again },
    });
  });

  it('refuses a registration with another key, and changes nothing', async () => {
    const sessionId = await opened(store);
    const before = await store.getSession(sessionId);
    const intruder = newSessionId();
    await expect(
      store.saveRegistration(ref(sessionId), keyHashOf(intruder), registrationOf(sessionId, { fullName: 'Mallory' })),
    ).rejects.toBeInstanceOf(SessionKeyError);
    expect(await store.getSession(sessionId)).toEqual(before);
    expect(await store.sessionOfKey(keyHashOf(intruder))).toBeUndefined();
  });

  it('opens one session per key: a key that opened one cannot open another', async () => {
    const sessionId = await opened(store);
    const other = newSessionId();
    await expect(
      store.saveRegistration(ref(other), keyHashOf(sessionId), registrationOf(other)),
    ).rejects.toBeInstanceOf(SessionKeyError);
    expect(await store.getSession(other)).toBeUndefined();
    expect(await store.sessionOfKey(keyHashOf(sessionId))).toEqual({ sessionId, testId, invitationId: null });
  });

  it('refuses a registration of the session for another test', async () => {
    const sessionId = await opened(store);
    const before = await store.getSession(sessionId);
    await expect(
      store.saveRegistration(
        ref(sessionId, tick(), otherTestId),
        keyHashOf(sessionId),
        registrationOf(sessionId, { data: otherTestId }),
      ),
    ).rejects.toBeInstanceOf(SessionConflictError);
    expect(await store.getSession(sessionId)).toEqual(before);
  });

  it('lets no key take over a session begun before keys existed', async () => {
    const legacy = newSessionId();
    await database.insertSessionWithoutKey(legacy, testId, 1);
    await expect(store.saveRegistration(ref(legacy), keyHashOf(legacy), registrationOf(legacy))).rejects.toBeInstanceOf(
      SessionKeyError,
    );
    expect(await store.getSession(legacy)).toMatchObject({ startedAt: 1, registration: null });
    expect(await store.sessionOfKey(keyHashOf(legacy))).toBeUndefined();
  });

  it('refuses every other write for a session that was never registered, or for another test', async () => {
    const unknown = newSessionId();
    for (const [what, write] of writesOf(store, ref(unknown))) {
      await expect(write(), what).rejects.toBeInstanceOf(SessionNotFoundError);
    }
    expect(await store.getSession(unknown)).toBeUndefined();

    const sessionId = await opened(store);
    const before = await store.getSession(sessionId);
    for (const [what, write] of writesOf(store, ref(sessionId, tick(), otherTestId))) {
      await expect(write(), what).rejects.toBeInstanceOf(SessionConflictError);
    }
    expect(await store.getSession(sessionId)).toEqual(before);
    expect(await store.sessionOfVideoUpload(`u-${sessionId}`)).toBeUndefined();
  });

  it('finds a key that another instance bound after this one looked for it in vain', async () => {
    const second = await database.openInstance();
    const sessionId = newSessionId();
    expect(await store.sessionOfKey(keyHashOf(sessionId))).toBeUndefined();
    await opened(second.store, tick(), sessionId);
    expect(await store.sessionOfKey(keyHashOf(sessionId))).toEqual({ sessionId, testId, invitationId: null });
    await second.close();
  });

  it("opens nothing again with the key of a session another instance erased, and tells the key's standing", async () => {
    const second = await database.openInstance();
    const sessionId = await opened(store);
    expect(await store.keyStanding(keyHashOf(sessionId))).toEqual({ sessionId, testId, invitationId: null });
    expect(await second.store.eraseSession(sessionId, tick(), 'request')).not.toBeNull();
    // This instance still trusts what it read a moment ago; the write does not.
    await expect(opened(store, tick(), sessionId)).rejects.toBeInstanceOf(SessionErasedError);
    expect(await second.store.getSession(sessionId)).toBeUndefined();
    expect(await second.store.keyStanding(keyHashOf(sessionId))).toBe('erased');
    expect(await second.store.sessionOfKey(keyHashOf(sessionId))).toBeUndefined();
    await second.close();
  });

  it('refuses every write of a session another instance erased, though this one still trusts it', async () => {
    const second = await database.openInstance();
    const sessionId = await opened(store);
    await store.saveAnswers({ ...answersOf(sessionId), ...ref(sessionId) });
    expect(await second.store.eraseSession(sessionId, tick(), 'request')).not.toBeNull();
    for (const [what, write] of writesOf(store, ref(sessionId))) {
      await expect(write(), what).rejects.toBeInstanceOf(SessionErasedError);
    }
    expect(await second.store.getSession(sessionId)).toBeUndefined();
    expect(await store.sessionOfVideoUpload(`u-${sessionId}`)).toBeUndefined();
    await second.close();
  });
});
