import { SESSION_ID_HEADER } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  CANDIDATE_EMAIL,
  createUpload,
  type InProcessServer,
  keyOf,
  newSessionId,
  patchUpload,
  postJson,
  registration,
  startServer,
  syntheticWebm,
  testId,
} from './helpers.ts';
import { invite, registerWith } from './invitation-helpers.ts';

/** The candidate's own browser: their session id and its key. */
const own = (sessionId: string, key = keyOf(sessionId)) => ({ 'Session-Key': key, [SESSION_ID_HEADER]: sessionId });

describe('the candidate’s own copy of their data (GDPR Art. 15 and 20)', () => {
  let server: InProcessServer;
  const candidate = newSessionId();
  const video = syntheticWebm(96 * 1024 + 17);

  beforeAll(async () => {
    server = await startServer();
    const registered = await postJson(server.url, '/api/now-assessment', registration(candidate, { gender: 'Female' }));
    expect(registered.status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(candidate, { final: true }))).status).toBe(200);
    const created = await createUpload(server.url, video.length, {
      unique: candidate,
      data: testId,
      filetype: 'video/webm;codecs=vp9,opus',
      recordingId: 'take-1',
      duration: '4.5',
    });
    expect(created.status).toBe(201);
    const sent = await patchUpload(created.uploadUrl as string, 0, video);
    expect(sent.status, sent.body).toBe(204);
  });
  afterAll(() => server.stop());

  it('is one JSON file with everything held about them, their own demographic answer included', async () => {
    const response = await fetch(`${server.url}/api/my-data`, { headers: own(candidate) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="assessment-${candidate}.json"`);
    const copy = (await response.json()) as Record<string, unknown>;
    expect(copy).toMatchObject({
      exportedAt: expect.any(String),
      record: {
        sessionId: candidate,
        registration: { fullName: 'Ada Lovelace', email: CANDIDATE_EMAIL },
        answers: { final: true },
        video: { status: 'complete', bytes: video.length, download: '/api/my-data/video' },
      },
      demographicAnswer: 'Female',
      looks: [],
    });
  });

  it('holds what their personal invitation says of them: the name and email it was made for, and their extra time', async () => {
    const invitation = await invite(server.url, Date.now(), { extraTimePercent: 25 });
    const { status, unique } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    const response = await fetch(`${server.url}/api/my-data`, { headers: own(unique) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      invitation: {
        name: 'Ada Lovelace',
        email: CANDIDATE_EMAIL,
        extraTimePercent: 25,
        createdAt: expect.any(String),
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        revokedAt: null,
      },
    });
    // The open link has no invitation.
    const open = await fetch(`${server.url}/api/my-data`, { headers: own(candidate) });
    expect(await open.json()).toMatchObject({ invitation: null });
  });

  it('gives them their video, byte for byte, and to nobody else', async () => {
    const response = await fetch(`${server.url}/api/my-data/video`, { headers: own(candidate) });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);

    const stranger = await fetch(`${server.url}/api/my-data/video`, {
      headers: own(candidate, keyOf(newSessionId())),
    });
    expect(stranger.status).toBe(403);
    const keyless = await fetch(`${server.url}/api/my-data`, { headers: { [SESSION_ID_HEADER]: candidate } });
    expect(keyless.status).toBe(401);
  });
});
