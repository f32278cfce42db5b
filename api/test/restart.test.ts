import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type TestDatabase } from './databases.ts';
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

/** The sessions' database: SQLite in the data folder, or a PostgreSQL database of this file's own. */
const databases = [
  { name: 'SQLite', create: async (): Promise<TestDatabase | undefined> => undefined },
  { name: 'PostgreSQL', create: () => createDatabase(inject('services').DATABASE_URL, 'restart') },
];

describe.each(databases)('durability ($name)', ({ create }) => {
  const dataDir = tempDataDir();
  let database: TestDatabase | undefined;
  let env: Record<string, string> = {};
  let server: ChildServer | undefined;
  beforeAll(async () => {
    database = await create();
    env = database ? { DATABASE_URL: database.url } : {};
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps everything across a stop and a start', async () => {
    server = await spawnServer(dataDir, env);
    const unique = await writeWholeSession(server.url);
    const skipped = await registered(server.url);
    await postJson(server.url, '/api/video-skip', { unique: skipped, data: testId, reason: 'no-camera' });
    const before = await adminSessions(server.url);
    expect(before.map((session) => session.sessionId)).toEqual(expect.arrayContaining([unique, skipped]));

    await server.stop();
    server = await spawnServer(dataDir, env);
    expect(await adminSessions(server.url)).toEqual(before);
  });

  it('keeps every acknowledged write when the server is killed (SIGKILL)', async () => {
    server ??= await spawnServer(dataDir, env);
    const unique = await writeWholeSession(server.url);
    const before = await adminSessions(server.url);

    await server.kill();
    server = await spawnServer(dataDir, env);
    const after = await adminSessions(server.url);
    expect(after).toEqual(before);
    expect(after.find((session) => session.sessionId === unique)).toMatchObject({
      answers: { revision: 3, final: true },
      video: { status: 'complete', bytes: 200_000 },
      feedback: { stars: 5 },
    });
  });
});
