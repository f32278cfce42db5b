import type { ProctoringRecord } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  answers,
  deviceCheck,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  quizComplete,
  registered,
  registration,
  startServer,
  testId,
} from './helpers.ts';

let server: InProcessServer;
let clock = Date.now();

beforeAll(async () => {
  server = await startServer({}, { now: () => clock });
});
afterAll(() => server.stop());

describe('candidate endpoints', () => {
  it('answers health', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { storage: 'ok' } });
  });

  it('stores a whole session and shows it to the hiring company', async () => {
    const unique = newSessionId();
    expect(await postJson(server.url, '/api/now-assessment', registration(unique))).toEqual({
      status: 200,
      body: { ok: true },
    });
    const proctoring: ProctoringRecord = {
      tabSwitches: 3,
      perQuestion: [
        { pastes: [{ chars: 120, at: 1_750_000_001_000 }], switches: 2 },
        { pastes: [], switches: 1 },
        { pastes: [], droppedPastes: 4, switches: 0 },
      ],
    };
    const saved = await postJson(server.url, '/api/answers', answers(unique, { proctoring, revision: 5, final: true }));
    expect(saved).toEqual({ status: 200, body: { stored: true, revision: 5 } });
    expect(await postJson(server.url, '/api/video-just', quizComplete(unique))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await postJson(server.url, '/api/device-check', deviceCheck(unique))).toEqual({
      status: 200,
      body: { result: true },
    });
    expect(await postJson(server.url, '/api/video-skip', { unique, data: testId, reason: 'no-camera' })).toMatchObject({
      status: 200,
    });
    expect(await postJson(server.url, '/api/feedback', feedback(unique))).toEqual({ status: 200, body: { ok: true } });

    const session = await adminSession(server.url, unique);
    expect(session).toMatchObject({
      sessionId: unique,
      testId,
      test: { companyName: expect.any(String), timeLimitInMinute: expect.any(Number) },
      registration: { email: 'ada@mail.example', fullName: 'Ada Lovelace', workExperience: '4-6 Years' },
      answers: { html: ['<p>One</p>', '<p>Two</p>', '<p>Three</p>'], revision: 5, final: true, late: false },
      proctoring: { tabSwitches: 3, perQuestion: [{ switches: 2 }, { switches: 1 }, { droppedPastes: 4 }] },
      deviceChecks: [{ checkId: 'check-1', result: true }],
      video: null,
      noVideo: { reason: 'no-camera' },
      feedback: { stars: 5, feedback: 'Clear questions.' },
    });
    expect(session.registration?.deviceInfo.screen).toBe('1920 x 1080');
    expect(session.quizCompletedAt).toEqual(expect.any(String));
    expect(session.answers?.submittedAt).toEqual(expect.any(String));
  });

  it("keeps the quiz's start on the browser's clock with the proctoring record, and takes saves from older pages without it", async () => {
    const started = 1_750_000_120_000;
    const older = await registered(server.url);
    const olderSave = answers(older, {
      proctoring: {
        tabSwitches: 1,
        perQuestion: answers(older).proctoring.perQuestion,
        listSwitchTimes: [started + 5_000],
      },
    });
    expect((await postJson(server.url, '/api/answers', olderSave)).status).toBe(200);
    expect((await adminSession(server.url, older)).proctoring?.startedAt).toBeUndefined();

    const unique = await registered(server.url);
    const save = (startedAt: unknown, revision: number) =>
      postJson(server.url, '/api/answers', {
        ...answers(unique, { revision }),
        proctoring: { ...olderSave.proctoring, startedAt },
      });
    expect((await save(started, 1)).status).toBe(200);
    for (const [revision, wrong] of [-1, 1.5, '2025-06-15T12:02:00Z', null].entries()) {
      const refused = await save(wrong, revision + 2);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('proctoring.startedAt');
    }
    const session = await adminSession(server.url, unique);
    expect(session.proctoring).toMatchObject({ startedAt: started, listSwitchTimes: [started + 5_000] });
    expect(session.answers?.revision).toBe(1);
  });

  it('computes the device check from the reported facts only', async () => {
    const unique = await registered(server.url);
    const facts = { secureContext: true, mediaDevicesAvailable: true, videoInputs: 1, permission: 'prompt' as const };
    const check = (checkId: string, overrides: object) =>
      postJson(server.url, '/api/device-check', deviceCheck(unique, { checkId, facts: { ...facts, ...overrides } }));
    expect((await check('a', {})).body).toEqual({ result: true });
    expect((await check('b', { permission: 'unknown' })).body).toEqual({ result: true });
    expect((await check('c', { permission: 'denied' })).body).toEqual({ result: false });
    expect((await check('d', { videoInputs: 0 })).body).toEqual({ result: false });
    expect((await check('e', { secureContext: false })).body).toEqual({ result: false });
    expect((await check('f', { mediaDevicesAvailable: false })).body).toEqual({ result: false });
  });

  it('flags answers that arrive after the time limit and a grace minute, and keeps them', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const session = await adminSession(server.url, unique);
    const limitMs = (session.test?.timeLimitInMinute ?? 0) * 60_000;
    clock += limitMs + 30_000;
    await postJson(server.url, '/api/answers', answers(unique, { revision: 1 }));
    expect((await adminSession(server.url, unique)).answers?.late).toBe(false);
    clock += 60_000;
    await postJson(server.url, '/api/answers', answers(unique, { revision: 2, answers: ['<p>late</p>', '', ''] }));
    const late = await adminSession(server.url, unique);
    expect(late.answers).toMatchObject({ late: true, html: ['<p>late</p>', '', ''] });
  });

  it('counts the time limit from the quiz start as it arrived, however long the instructions took; once', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const limitMs = ((await adminSession(server.url, unique)).test?.timeLimitInMinute ?? 0) * 60_000;
    clock += 10 * 60_000;
    const startedAt = clock;
    expect((await postJson(server.url, '/api/quiz-start', { unique, data: testId })).status).toBe(200);
    clock += 5_000;
    // Sent again (a retry, another tab): the first start stays.
    expect((await postJson(server.url, '/api/quiz-start', { unique, data: testId })).status).toBe(200);
    expect((await adminSession(server.url, unique)).lateAfter).toBe(
      new Date(startedAt + limitMs + 60_000).toISOString(),
    );
    clock = startedAt + limitMs + 30_000;
    await postJson(server.url, '/api/answers', answers(unique, { revision: 1 }));
    expect((await adminSession(server.url, unique)).answers?.late).toBe(false);
    clock += 60_000;
    await postJson(server.url, '/api/answers', answers(unique, { revision: 2 }));
    expect((await adminSession(server.url, unique)).answers?.late).toBe(true);
  });

  it('refuses a quiz start for a session it does not know, or without the session key', async () => {
    const stranger = await postJson(server.url, '/api/quiz-start', { unique: newSessionId(), data: testId });
    expect(stranger.status).toBe(403);
    expect(stranger.body?.error).toEqual(expect.any(String));
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const registeredAt = clock;
    clock += 60_000;
    const keyless = await postJson(server.url, '/api/quiz-start', { unique, data: testId }, { key: null });
    expect(keyless.status).toBe(401);
    // Refused, it started nothing: the deadline still counts from the registration.
    const session = await adminSession(server.url, unique);
    const limitMs = (session.test?.timeLimitInMinute ?? 0) * 60_000;
    expect(session.lateAfter).toBe(new Date(registeredAt + limitMs + 60_000).toISOString());
  });

  it('decides why the answers became final from its own deadline, not from what the browser says', async () => {
    const early = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(early));
    clock += 60_000;
    await postJson(server.url, '/api/answers', answers(early, { revision: 1, final: true, finalReason: 'time-up' }));
    expect((await adminSession(server.url, early)).answers?.finalReason).toBe('complete');

    const atLimit = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(atLimit));
    clock += ((await adminSession(server.url, atLimit)).test?.timeLimitInMinute ?? 0) * 60_000 - 2_000;
    await postJson(server.url, '/api/answers', answers(atLimit, { revision: 1, final: true, finalReason: 'complete' }));
    expect((await adminSession(server.url, atLimit)).answers).toMatchObject({ finalReason: 'time-up', late: false });
  });
});
