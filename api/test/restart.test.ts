import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSessions,
  answers,
  type ChildServer,
  createUpload,
  deviceCheck,
  feedback,
  newSessionId,
  patchUpload,
  postJson,
  quizComplete,
  registered,
  registration,
  spawnServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';

const dataDir = tempDataDir();
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function writeWholeSession(url: string): Promise<string> {
  const unique = newSessionId();
  for (const [route, body] of [
    ['/api/now-assessment', registration(unique)],
    ['/api/answers', answers(unique, { revision: 3, final: true })],
    ['/api/video-just', quizComplete(unique)],
    ['/api/device-check', deviceCheck(unique)],
    ['/api/feedback', feedback(unique)],
  ] as const) {
    expect((await postJson(url, route, body)).status).toBe(200);
  }
  const video = syntheticWebm(200_000);
  const created = await createUpload(url, video.length, { unique, data: testId });
  expect((await patchUpload(created.uploadUrl as string, 0, video)).status).toBe(204);
  return unique;
}

describe('durability', () => {
  it('keeps everything across a stop and a start', async () => {
    server = await spawnServer(dataDir);
    const unique = await writeWholeSession(server.url);
    const skipped = await registered(server.url);
    await postJson(server.url, '/api/video-skip', { unique: skipped, data: testId, reason: 'no-camera' });
    const before = await adminSessions(server.url);
    expect(before.map((session) => session.sessionId)).toEqual(expect.arrayContaining([unique, skipped]));

    await server.stop();
    server = await spawnServer(dataDir);
    expect(await adminSessions(server.url)).toEqual(before);
  });

  it('keeps every acknowledged write when the server is killed (SIGKILL)', async () => {
    server ??= await spawnServer(dataDir);
    const unique = await writeWholeSession(server.url);
    const before = await adminSessions(server.url);

    await server.kill();
    server = await spawnServer(dataDir);
    const after = await adminSessions(server.url);
    expect(after).toEqual(before);
    expect(after.find((session) => session.sessionId === unique)).toMatchObject({
      answers: { revision: 3, final: true },
      video: { status: 'complete', bytes: 200_000 },
      feedback: { currentScore: 4 },
    });
  });
});
