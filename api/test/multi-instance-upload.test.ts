import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv, type S3Settings } from '../src/config.ts';
import { createS3Client } from '../src/storage/videos/s3-video-store.ts';
import {
  ADMIN_TOKEN,
  type ChildServer,
  createUpload,
  keyHeaders,
  newSessionId,
  patchUpload,
  postJson,
  registration,
  spawnServer,
  syntheticWebm,
  tempDataDir,
  testId,
  uploadOffset,
} from './helpers.ts';

/**
 * Two API processes as two instances behind a load balancer: the same uploads folder (the volume
 * they would share), the same PostgreSQL (the sessions and the upload locks) and the same
 * S3-protocol server.
 */
const services = inject('services');
const env = {
  DATABASE_URL: services.DATABASE_URL,
  S3_ENDPOINT: services.S3_ENDPOINT,
  S3_BUCKET: services.S3_BUCKET,
  S3_REGION: services.S3_REGION,
  S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
  S3_FORCE_PATH_STYLE: services.S3_FORCE_PATH_STYLE,
  VIDEO_MAX_BYTES: String(16 * 1024 * 1024),
};
const s3 = await createS3Client(configFromEnv(services).s3 as S3Settings);
const dataDir = tempDataDir();
let a: ChildServer;
let b: ChildServer;

beforeAll(async () => {
  [a, b] = await Promise.all([spawnServer(dataDir, env), spawnServer(dataDir, env)]);
});
afterAll(async () => {
  await Promise.all([a.kill(), b.kill()]);
  s3.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A PATCH that sends `sent` bytes of `video` and then hangs, as a connection that stalled. */
function stalledPatch(url: string, video: Buffer, sent: number, key: Record<string, string>) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < sent; at += 64 * 1024)
        controller.enqueue(video.subarray(at, Math.min(at + 64 * 1024, sent)));
    },
  });
  return fetch(url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      ...key,
    },
    body,
    duplex: 'half',
  } as RequestInit).catch((error: unknown) => error);
}

async function startUpload(server: ChildServer, video: Buffer) {
  const unique = newSessionId();
  expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
  const created = await createUpload(server.url, video.length, { unique, data: testId, filetype: 'video/webm' });
  expect(created.status).toBe(201);
  const uploadPath = new URL(created.uploadUrl as string).pathname;
  return { unique, uploadPath, file: path.join(dataDir, 'videos', path.basename(uploadPath)) };
}

async function finishOn(server: ChildServer, uploadPath: string, video: Buffer, sent: number) {
  const head = await uploadOffset(`${server.url}${uploadPath}`);
  expect(head).toEqual({ status: 200, offset: sent });
  const rest = await patchUpload(`${server.url}${uploadPath}`, head.offset, video.subarray(head.offset));
  expect(rest).toMatchObject({ status: 204, offset: video.length });
}

async function download(server: ChildServer, unique: string): Promise<Response> {
  return fetch(`${server.url}/api/admin/sessions/${unique}/video`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}

describe('a video upload across two API instances', () => {
  it('is resumed on B while the request that stalled still holds the upload on A: B asks A to let go', async () => {
    const video = syntheticWebm(3 * 1024 * 1024 + 17);
    const { unique, uploadPath, file } = await startUpload(a, video);
    const sent = 1024 * 1024 + 5;
    const stalled = stalledPatch(`${a.url}${uploadPath}`, video, sent, keyHeaders(unique));
    await waitFor(() => (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= sent, 'the bytes on the volume');

    await finishOn(b, uploadPath, video, sent);
    // A ended its stalled request when B asked for the lock; alone, it would hang until A's request timeout.
    const stillHanging = new Promise((resolve) => setTimeout(() => resolve('still hanging'), 5000));
    expect(await Promise.race([stalled, stillHanging])).not.toBe('still hanging');

    const response = await download(a, unique);
    expect(sha256(await response.arrayBuffer())).toBe(sha256(video));
  });

  it('is resumed on instance B after A is killed mid-upload, and ends byte-identical in the bucket', async () => {
    const video = syntheticWebm(5 * 1024 * 1024 + 4321);
    const { unique, uploadPath, file } = await startUpload(a, video);
    const sent = 2 * 1024 * 1024 + 99;
    const stalled = stalledPatch(`${a.url}${uploadPath}`, video, sent, keyHeaders(unique));
    await waitFor(() => (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= sent, 'the bytes on the volume');
    await a.kill();
    expect(await stalled).toBeInstanceOf(Error);

    await finishOn(b, uploadPath, video, sent);

    const response = await download(b, unique);
    expect(response.status).toBe(200);
    expect(sha256(await response.arrayBuffer())).toBe(sha256(video));
    const object = await s3.send(
      new HeadObjectCommand({ Bucket: services.S3_BUCKET, Key: `videos/${path.basename(uploadPath)}` }),
    );
    expect(object.ContentLength).toBe(video.length);
    // Moved, not copied: the volume keeps only the small tus record.
    expect(fs.existsSync(file)).toBe(false);
    expect(await uploadOffset(`${b.url}${uploadPath}`)).toEqual({ status: 200, offset: video.length });
  });
});
