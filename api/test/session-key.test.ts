import { newSessionKey } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGet,
  adminSession,
  answers,
  createUpload,
  deviceCheck,
  feedback,
  type InProcessServer,
  keyOf,
  newSessionId,
  patchUpload,
  postJson,
  quizComplete,
  registered,
  registration,
  startServer,
  syntheticWebm,
  testId,
  uploadHead,
} from './helpers.ts';

let server: InProcessServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** Every candidate write, for a session, as an attacker who knows its id might send it. */
function writesFor(unique: string) {
  return [
    ['/api/now-assessment', registration(unique, { email: 'mallory@evil.example' })],
    ['/api/answers', answers(unique, { revision: 9_999_999_999_999, answers: ['<p>mine</p>', '', ''] })],
    ['/api/video-just', quizComplete(unique)],
    ['/api/device-check', deviceCheck(unique, { checkId: 'mallory' })],
    ['/api/video-skip', { unique, data: testId, reason: 'mallory' }],
    ['/api/feedback', feedback(unique, { currentScore: 0, feedback: 'rewritten' })],
  ] as const;
}

describe('the session key', () => {
  it('makes a leaked session id alone change nothing, and never locks the candidate out', async () => {
    const unique = await registered(server.url);
    expect((await postJson(server.url, '/api/answers', answers(unique, { revision: 5 }))).status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    const video = syntheticWebm(50_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect(upload.status).toBe(201);
    const uploadUrl = upload.uploadUrl as string;
    expect((await patchUpload(uploadUrl, 0, video.subarray(0, 20_000))).status).toBe(204);
    const before = await adminSession(server.url, unique);

    const mallory = await registered(server.url);
    for (const [route, body] of writesFor(unique)) {
      const withoutKey = await postJson(server.url, route, body, { key: null });
      expect(withoutKey.status, `${route} without a key`).toBe(401);
      const unknownKey = await postJson(server.url, route, body, { key: newSessionKey() });
      expect(unknownKey.status, `${route} with a key of no session`).toBe(403);
      const otherKey = await postJson(server.url, route, body, { key: keyOf(mallory) });
      expect(otherKey.status, `${route} with another session's key`).toBe(403);
      expect(otherKey.body.error).toEqual(expect.any(String));
    }

    // The video: no new upload for the session, and the candidate's upload is neither read nor written.
    const forged = await createUpload(server.url, 1000, { unique, data: testId }, { key: keyOf(mallory) });
    expect(forged.status).toBe(403);
    for (const key of [null, keyOf(mallory)]) {
      const head = await uploadHead(uploadUrl, { key });
      expect(head.status).toBe(key === null ? 401 : 403);
      expect(head.headers.get('upload-metadata')).toBeNull();
      expect((await patchUpload(uploadUrl, 20_000, video.subarray(20_000), { key })).status).toBe(
        key === null ? 401 : 403,
      );
    }

    expect(await adminSession(server.url, unique)).toEqual(before);
    // The candidate's own next save still counts: no revision of anyone else's got in first.
    expect((await postJson(server.url, '/api/answers', answers(unique, { revision: 6 }))).body).toEqual({
      stored: true,
      revision: 6,
    });
    expect((await patchUpload(uploadUrl, 20_000, video.subarray(20_000))).status).toBe(204);
    expect((await adminSession(server.url, unique)).video).toMatchObject({ status: 'complete', bytes: video.length });
  });

  it('opens one session per key: a key that opened one cannot open another', async () => {
    const unique = await registered(server.url);
    const other = newSessionId();
    const response = await postJson(server.url, '/api/now-assessment', registration(other), { key: keyOf(unique) });
    expect(response.status).toBe(403);
    expect((await adminGet(server.url, `/api/admin/sessions/${other}`)).status).toBe(404);
  });

  it('never appears in a response, and tus never echoes the session to anyone without its key', async () => {
    const unique = await registered(server.url);
    const key = keyOf(unique);
    const upload = await createUpload(server.url, 10, { unique, data: testId });
    const head = await uploadHead(upload.uploadUrl as string);
    expect(head.status).toBe(200);
    for (const headers of [upload.headers, head.headers]) {
      expect(JSON.stringify(Object.fromEntries(headers as unknown as Iterable<[string, string]>))).not.toContain(key);
    }
    const page = await (await adminGet(server.url, `/api/admin/sessions/${unique}`)).text();
    expect(page).not.toContain(key);
  });
});

describe('final answers', () => {
  it('refuse a change with 409, saying when they were submitted', async () => {
    const unique = await registered(server.url);
    await postJson(server.url, '/api/answers', answers(unique, { revision: 5, final: true }));
    const submitted = (await adminSession(server.url, unique)).answers;

    const later = await postJson(
      server.url,
      '/api/answers',
      answers(unique, { revision: 6, answers: ['<p>new</p>', '', ''] }),
    );
    expect(later.status).toBe(409);
    expect(later.body.error).toBe(`These answers were submitted at ${submitted?.submittedAt} and can no longer change`);
    expect((await adminSession(server.url, unique)).answers).toEqual(submitted);
  });
});
