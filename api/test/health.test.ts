import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Services, startServices } from '../../scripts/services.mjs';
import {
  createUpload,
  type InProcessServer,
  keyHeaders,
  newSessionId,
  postJson,
  registration,
  spawnServer,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: await response.json() };
}

/** Health is probed at most once a second, so a change shows within a few seconds. */
async function eventually(url: string, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await health(url);
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('health with the default storage', () => {
  it('checks the uploads folder and nothing else', async () => {
    const server = await startServer();
    try {
      expect(await health(server.url)).toEqual({ status: 200, body: { status: 'ok', checks: { storage: 'ok' } } });
    } finally {
      await server.stop();
    }
  });
});

describe('health with PostgreSQL and object storage', () => {
  // Servers of this file's own: stopping the ones every test file shares would break the others.
  let services: Services;
  let server: InProcessServer;
  beforeAll(async () => {
    services = await startServices({ postgres: true, s3: true, redis: false });
    // Nothing listens on port 9 of loopback: Redis as unreachable as a stopped one.
    server = await startServer({ ...services.env, REDIS_URL: 'redis://127.0.0.1:9' });
  });
  afterAll(async () => {
    await server.stop();
    await services.stop();
  });

  it('reports the database and storage reachable, and unreachable rate limits as degraded only', async () => {
    expect(await eventually(server.url, 200)).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { storage: 'ok', database: 'ok', rateLimits: 'down' } },
    });
  });

  it('answers 503 naming the database while PostgreSQL is stopped, and recovers when it is back', async () => {
    await services.postgres?.stop();
    expect(await eventually(server.url, 503)).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        checks: { storage: 'ok', database: 'down', rateLimits: 'down' },
        error: 'Not reachable: database',
      },
    });
    await services.postgres?.start();
    expect((await eventually(server.url, 200)).body.checks.database).toBe('ok');
  });

  it('answers 503 naming the storage while the S3 server is stopped, and recovers when it is back', async () => {
    await services.s3?.stop();
    expect(await eventually(server.url, 503)).toMatchObject({
      status: 503,
      body: { status: 'unavailable', checks: { storage: 'down', database: 'ok' }, error: 'Not reachable: storage' },
    });
    await services.s3?.start();
    expect((await eventually(server.url, 200)).body.checks.storage).toBe('ok');
  });
});

describe('shutting down (SIGTERM)', () => {
  it('stops taking connections, finishes the request in flight, and exits', async () => {
    const dataDir = tempDataDir();
    const server = await spawnServer(dataDir);
    try {
      const unique = newSessionId();
      await postJson(server.url, '/api/now-assessment', registration(unique));
      const video = syntheticWebm(512 * 1024);
      const created = await createUpload(server.url, video.length, { unique, data: testId, filetype: 'video/webm' });
      let send!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          send = controller;
        },
      });
      const inFlight = fetch(
        created.uploadUrl as string,
        {
          method: 'PATCH',
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
            ...keyHeaders(unique),
          },
          body,
          duplex: 'half',
        } as RequestInit,
      );
      send.enqueue(video.subarray(0, 1000));
      await new Promise((resolve) => setTimeout(resolve, 300));

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      send.enqueue(video.subarray(1000));
      send.close();
      const response = await inFlight;
      expect(response.status).toBe(204);
      expect(response.headers.get('upload-offset')).toBe(String(video.length));
      // Within the shutdown's own bound, which would also exit with 0: the close itself completed.
      const closedWithin = new Promise((resolve) => setTimeout(() => resolve('not closed'), 2000));
      expect(await Promise.race([exited, closedWithin])).toBe(0);
    } finally {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
