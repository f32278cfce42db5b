import { MAX_KEPT_DEVICE_CHECKS } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordFinalError } from '../../src/storage/errors.ts';
import type { SessionRecord } from '../../src/storage/sessions/session-store.ts';
import { newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest, type StoreInstance } from './back-ends.ts';
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

/** Text a candidate may send that a database could mangle: other scripts, an emoji, a NUL, markup. */
const AWKWARD = 'Ünïcödé 日本語 🎥 "quoted" \\ back\u0000slash <b>';

/** A whole session written through the store, and the record it must read back as. */
async function writeWholeSession(store: AllStores): Promise<SessionRecord> {
  const sessionId = newSessionId();
  const start = tick();
  const registration = registrationOf(sessionId, { fullName: AWKWARD });
  await store.saveRegistration(ref(sessionId, start), keyHashOf(sessionId), registration);
  const quizStartAt = tick();
  await store.saveQuizStart(ref(sessionId, quizStartAt));
  // A start sent again (a retry, another tab) leaves the first one.
  await store.saveQuizStart(ref(sessionId, tick()));
  const answers = answersOf(sessionId, {
    revision: 3,
    savedAt: 77,
    final: true,
    finalReason: 'time-up',
    answers: [`<p>${AWKWARD}</p>`, '', ''],
  });
  await store.saveAnswers(answers);
  const notice = quizCompleteOf(sessionId);
  const noticeAt = tick();
  await store.saveQuizComplete(ref(sessionId, noticeAt), notice);
  const checkAt = tick();
  await store.saveDeviceCheck(ref(sessionId, checkAt), 'check-1', deviceFactsOf(), true);
  const uploadId = `up-${sessionId}`;
  const uploadAt = tick();
  await store.startVideoUpload({
    ...ref(sessionId, uploadAt),
    uploadId,
    recordingId: 'rec-1',
    declaredType: `video/webm;codecs=vp8,opus;${AWKWARD}`,
  });
  const doneAt = tick();
  await store.finishVideoUpload({
    uploadId,
    bytes: 3_000_000_123,
    contentType: 'video/webm',
    durationSeconds: 3.25,
    completedAt: doneAt,
  });
  const skipAt = tick();
  await store.saveVideoSkip(ref(sessionId, skipAt), AWKWARD);
  const feedback = feedbackOf(sessionId, { feedback: AWKWARD });
  const feedbackAt = tick();
  await store.saveFeedback(ref(sessionId, feedbackAt), feedback);
  // A section's own record: the newest replaces the one before, the first arrival is kept.
  const sectionAt = tick();
  await store.saveSectionRecord(ref(sessionId, sectionAt), 'coding', { draft: true });
  const sectionUpdatedAt = tick();
  await store.saveSectionRecord(ref(sessionId, sectionUpdatedAt), 'coding', { solution: AWKWARD, passed: 3 });
  // A section that failed and showed again: its end, once known, stays when the start is sent again.
  const failed = { troubleId: 'a'.repeat(32), sectionId: 'quiz', kind: 'contract' as const, startedAt: 1_000 };
  await store.saveSectionTrouble(ref(sessionId, tick()), { ...failed, endedAt: null });
  await store.saveSectionTrouble(ref(sessionId, tick()), { ...failed, endedAt: 181_000 });
  await store.saveSectionTrouble(ref(sessionId, tick()), { ...failed, endedAt: null });
  // One that never showed again, as far as the server heard.
  const open = { troubleId: 'b'.repeat(32), sectionId: 'vintro', kind: 'unreachable' as const, startedAt: 900_000 };
  await store.saveSectionTrouble(ref(sessionId, tick()), { ...open, endedAt: null });
  return {
    sessionId,
    testId,
    startedAt: start,
    quizStartedAt: quizStartAt,
    previewReleaseId: null,
    sectionVersions: [],
    invitation: null,
    registration: { payload: registration, receivedAt: start, updatedAt: start },
    answers: {
      answers: answers.answers,
      proctoring: answers.proctoring,
      revision: 3,
      savedAt: 77,
      receivedAt: answers.receivedAt,
      final: true,
      submittedAt: answers.receivedAt,
      finalReason: 'time-up',
    },
    quizComplete: { payload: notice, receivedAt: noticeAt },
    deviceChecks: [{ checkId: 'check-1', facts: deviceFactsOf(), result: true, receivedAt: checkAt }],
    videos: [
      {
        uploadId,
        recordingId: 'rec-1',
        declaredType: `video/webm;codecs=vp8,opus;${AWKWARD}`,
        contentType: 'video/webm',
        bytes: 3_000_000_123,
        durationSeconds: 3.25,
        createdAt: uploadAt,
        completedAt: doneAt,
      },
    ],
    videoSkip: { reason: AWKWARD, receivedAt: skipAt },
    feedback: { payload: feedback, receivedAt: feedbackAt, updatedAt: feedbackAt },
    sectionRecords: [
      {
        sectionId: 'coding',
        record: { solution: AWKWARD, passed: 3 },
        receivedAt: sectionAt,
        updatedAt: sectionUpdatedAt,
      },
    ],
    sectionTroubles: [
      { ...failed, endedAt: 181_000 },
      { ...open, endedAt: null },
    ],
  };
}

describe.each(backEnds)('what a session holds ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let instance: StoreInstance;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    instance = await database.openInstance();
    store = instance.store;
  });
  afterAll(() => database.remove());

  it('reads a whole session back exactly as it was written, every character of it', async () => {
    const expected = await writeWholeSession(store);
    expect(await store.getSession(expected.sessionId)).toEqual(expected);
    expect(await store.sessionOfVideoUpload(`up-${expected.sessionId}`)).toBe(expected.sessionId);
  });

  it('keeps everything once the store is closed and opened again', async () => {
    const expected = await writeWholeSession(store);
    await instance.close();
    instance = await database.openInstance();
    store = instance.store;
    expect(await store.getSession(expected.sessionId)).toEqual(expected);
    expect(await store.sessionOfKey(keyHashOf(expected.sessionId))).toEqual({
      sessionId: expected.sessionId,
      testId,
      invitationId: null,
    });
  });

  it('knows no session or upload it was never told of', async () => {
    expect(await store.getSession('no-such-session')).toBeUndefined();
    expect(await store.sessionOfVideoUpload('no-such-upload')).toBeUndefined();
    expect(await store.sessionOfKey(keyHashOf('no-such-session'))).toBeUndefined();
  });

  it('counts the first quiz-complete notice; repeats change nothing', async () => {
    const sessionId = await opened(store);
    const firstAt = tick();
    await store.saveQuizComplete(ref(sessionId, firstAt), quizCompleteOf(sessionId));
    await store.saveQuizComplete(ref(sessionId), quizCompleteOf(sessionId, 'Someone Else'));
    expect((await store.getSession(sessionId))?.quizComplete).toEqual({
      payload: quizCompleteOf(sessionId),
      receivedAt: firstAt,
    });
  });

  it('keeps device checks by their id: a repeat returns the first result and adds nothing', async () => {
    const sessionId = await opened(store);
    const passing = deviceFactsOf();
    const failing = deviceFactsOf({ videoInputs: 0, permission: 'denied' });
    const firstAt = tick();
    expect(await store.saveDeviceCheck(ref(sessionId, firstAt), 'b-check', passing, true)).toBe(true);
    expect(await store.saveDeviceCheck(ref(sessionId), 'b-check', failing, false)).toBe(true);
    const secondAt = tick();
    expect(await store.saveDeviceCheck(ref(sessionId, secondAt), 'a-check', failing, false)).toBe(false);
    expect((await store.getSession(sessionId))?.deviceChecks).toEqual([
      { checkId: 'b-check', facts: passing, result: true, receivedAt: firstAt },
      { checkId: 'a-check', facts: failing, result: false, receivedAt: secondAt },
    ]);
  });

  it(`keeps ${MAX_KEPT_DEVICE_CHECKS} device checks of a session; later ones are answered, not stored`, async () => {
    const sessionId = await opened(store);
    const failing = deviceFactsOf({ videoInputs: 0, permission: 'denied' });
    for (let index = 0; index < MAX_KEPT_DEVICE_CHECKS; index += 1) {
      expect(await store.saveDeviceCheck(ref(sessionId), `check-${index}`, failing, false)).toBe(false);
    }
    expect(await store.saveDeviceCheck(ref(sessionId), 'one-more', deviceFactsOf(), true)).toBe(true);
    // A repeat of a kept check still gets its stored result.
    expect(await store.saveDeviceCheck(ref(sessionId), 'check-0', deviceFactsOf(), true)).toBe(false);
    const checks = (await store.getSession(sessionId))?.deviceChecks ?? [];
    expect(checks).toHaveLength(MAX_KEPT_DEVICE_CHECKS);
    expect(checks.map((check) => check.checkId)).not.toContain('one-more');
  });

  it('keeps the latest reason for no video; feedback is final: the same again is taken, other feedback refused', async () => {
    const sessionId = await opened(store);
    const firstAt = tick();
    await store.saveVideoSkip(ref(sessionId, firstAt), 'no-camera');
    await store.saveVideoSkip(ref(sessionId), 'upload-refused');
    await store.saveFeedback(ref(sessionId, firstAt), feedbackOf(sessionId, { currentScore: 4 }));
    await store.saveFeedback(ref(sessionId, tick()), feedbackOf(sessionId, { currentScore: 4 }));
    await expect(
      store.saveFeedback(ref(sessionId, tick()), feedbackOf(sessionId, { currentScore: 1, feedback: 'Changed' })),
    ).rejects.toBeInstanceOf(RecordFinalError);
    const record = await store.getSession(sessionId);
    expect(record?.videoSkip).toEqual({ reason: 'upload-refused', receivedAt: firstAt });
    expect(record?.feedback).toMatchObject({
      payload: feedbackOf(sessionId, { currentScore: 4 }),
      receivedAt: firstAt,
    });
  });

  it('answers each of many feedbacks sent at once: first ones stored, a repeat taken, other feedback refused', async () => {
    const [repeated, changed, ...first] = await Promise.all(Array.from({ length: 6 }, () => opened(store)));
    const heldAt = tick();
    for (const sessionId of [repeated, changed] as string[]) {
      await store.saveFeedback(ref(sessionId, heldAt), feedbackOf(sessionId, { currentScore: 2 }));
    }
    const results = await Promise.allSettled([
      store.saveFeedback(ref(repeated as string), feedbackOf(repeated as string, { currentScore: 2 })),
      store.saveFeedback(ref(changed as string), feedbackOf(changed as string, { currentScore: 4 })),
      ...first.map((sessionId) => store.saveFeedback(ref(sessionId), feedbackOf(sessionId, { feedback: sessionId }))),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', ...first.map(() => 'fulfilled')]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(RecordFinalError);
    for (const sessionId of [repeated, changed] as string[]) {
      expect((await store.getSession(sessionId))?.feedback).toMatchObject({
        payload: feedbackOf(sessionId, { currentScore: 2 }),
        receivedAt: heldAt,
      });
    }
    for (const sessionId of first) {
      expect((await store.getSession(sessionId))?.feedback?.payload).toEqual(
        feedbackOf(sessionId, { feedback: sessionId }),
      );
    }

    // Two different first feedbacks of one session at once: one is stored, the other refused.
    const twice = await opened(store);
    const both = [feedbackOf(twice, { currentScore: 1 }), feedbackOf(twice, { currentScore: 3 })];
    const sent = await Promise.allSettled(both.map((feedback) => store.saveFeedback(ref(twice), feedback)));
    expect(sent.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = sent.findIndex((result) => result.status === 'rejected');
    expect((sent[refused] as PromiseRejectedResult).reason).toBeInstanceOf(RecordFinalError);
    expect((await store.getSession(twice))?.feedback?.payload).toEqual(both[1 - refused]);
  });

  it('keeps the details sent with the final answers: the same again is taken, other details refused', async () => {
    const sessionId = await opened(store);
    await store.saveRegistration(
      ref(sessionId),
      keyHashOf(sessionId),
      registrationOf(sessionId, { fullName: 'Before' }),
    );
    await store.saveAnswers(answersOf(sessionId, { final: true }));
    const same = registrationOf(sessionId, { fullName: 'Before' });
    await store.saveRegistration(ref(sessionId), keyHashOf(sessionId), same);
    await expect(
      store.saveRegistration(ref(sessionId), keyHashOf(sessionId), registrationOf(sessionId, { fullName: 'After' })),
    ).rejects.toBeInstanceOf(RecordFinalError);
    expect((await store.getSession(sessionId))?.registration?.payload).toEqual(same);
  });

  it('lists video uploads oldest first, each once, and forgets one refused after it began', async () => {
    const sessionId = await opened(store);
    const take = (uploadId: string, at: number) =>
      store.startVideoUpload({ ...ref(sessionId, at), uploadId, recordingId: null, declaredType: null });
    const firstAt = tick();
    await take('z-first', firstAt);
    await take('z-first', tick());
    const secondAt = tick();
    await take('a-second', secondAt);
    await take('refused', tick());
    await store.forgetVideoUpload('refused');
    expect(await store.sessionOfVideoUpload('refused')).toBeUndefined();
    expect(await store.sessionOfVideoUpload('a-second')).toBe(sessionId);

    const videos = (await store.getSession(sessionId))?.videos;
    expect(videos?.map((video) => [video.uploadId, video.createdAt, video.completedAt])).toEqual([
      ['z-first', firstAt, null],
      ['a-second', secondAt, null],
    ]);
    expect(videos?.[0]).toMatchObject({ recordingId: null, declaredType: null, bytes: null, durationSeconds: null });
  });

  it('lists a session’s finished uploads in the order they finished, and its unfinished apart', async () => {
    const sessionId = await opened(store);
    for (const uploadId of ['a-later', 'b-sooner', 'c-open']) {
      await store.startVideoUpload({ ...ref(sessionId), uploadId, recordingId: null, declaredType: null });
    }
    const finish = (uploadId: string) =>
      store.finishVideoUpload({
        uploadId,
        bytes: 1,
        contentType: 'video/webm',
        durationSeconds: 1,
        completedAt: tick(),
      });
    expect(await finish('b-sooner')).toBe(true);
    await finish('a-later');
    expect(await store.finishedUploadsOf(sessionId)).toEqual(['b-sooner', 'a-later']);
    expect(await store.unfinishedUploadsOf(sessionId)).toEqual(['c-open']);
  });

  it('tells that an upload cannot be finished once its session was erased meanwhile', async () => {
    const sessionId = await opened(store);
    await store.startVideoUpload({
      ...ref(sessionId),
      uploadId: 'erased-meanwhile',
      recordingId: null,
      declaredType: null,
    });
    expect(await store.eraseSession(sessionId, tick(), 'request')).not.toBeNull();
    const finish = { uploadId: 'erased-meanwhile', bytes: 1, contentType: 'video/webm', durationSeconds: 1 };
    expect(await store.finishVideoUpload({ ...finish, completedAt: tick() })).toBe(false);
  });
});
