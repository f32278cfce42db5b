import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv, type S3Settings } from '../src/config.ts';
import { createS3Client } from '../src/storage/videos/s3-video-store.ts';
import {
  ADMIN_TOKEN,
  adminSession,
  apiRoot,
  builtApi,
  createUpload,
  type InProcessServer,
  newSessionId,
  patchUpload,
  postJson,
  registered,
  registration,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
  uploadOffset,
} from './helpers.ts';

const services = inject('services');
const s3Env = {
  S3_ENDPOINT: services.S3_ENDPOINT,
  S3_BUCKET: services.S3_BUCKET,
  S3_REGION: services.S3_REGION,
  S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
  S3_FORCE_PATH_STYLE: services.S3_FORCE_PATH_STYLE,
};
const VIDEO_MAX_BYTES = 4 * 1024 * 1024;
const s3 = await createS3Client(configFromEnv(s3Env).s3 as S3Settings);
let server: InProcessServer;

beforeAll(async () => {
  server = await startServer({ ...s3Env, VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES) });
});
afterAll(async () => {
  await server.stop();
  s3.destroy();
});

const uploadIdOf = (uploadUrl: string) => path.basename(new URL(uploadUrl).pathname);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function objectSize(uploadId: string): Promise<number | undefined> {
  try {
    return (await s3.send(new HeadObjectCommand({ Bucket: services.S3_BUCKET, Key: `videos/${uploadId}` })))
      .ContentLength;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

function download(unique: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/admin/sessions/${unique}/video`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
  });
}

describe('video upload with S3_BUCKET set', () => {
  it('keeps the finished video in the bucket and streams it to the admin, whole or by range', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const video = syntheticWebm(3 * 1024 * 1024 + 99);
    const created = await createUpload(server.url, video.length, { unique, data: testId, filetype: 'video/webm' });
    const uploadUrl = created.uploadUrl as string;
    const half = 1024 * 1024;
    expect((await patchUpload(uploadUrl, 0, video.subarray(0, half))).status).toBe(204);
    expect((await adminSession(server.url, unique)).video).toMatchObject({ status: 'uploading', bytes: half });
    expect(await objectSize(uploadIdOf(uploadUrl))).toBeUndefined();
    expect((await patchUpload(uploadUrl, half, video.subarray(half))).status).toBe(204);

    expect(await objectSize(uploadIdOf(uploadUrl))).toBe(video.length);
    expect(fs.existsSync(path.join(server.dataDir, 'videos', uploadIdOf(uploadUrl)))).toBe(false);
    expect((await adminSession(server.url, unique)).video).toMatchObject({ status: 'complete', bytes: video.length });
    expect(await uploadOffset(uploadUrl)).toEqual({ status: 200, offset: video.length });

    const whole = await download(unique);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('content-length')).toBe(String(video.length));
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(video));

    const range = await download(unique, { range: 'bytes=2000000-2000999' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 2000000-2000999/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(2_000_000, 2_001_000))).toBe(true);
  });

  it('takes a second take whole, and deletes the first one from the bucket', async () => {
    const unique = await registered(server.url);
    const takes = [syntheticWebm(20_000), syntheticWebm(30_000)];
    const uploadIds: string[] = [];
    for (const take of takes) {
      const created = await createUpload(server.url, take.length, { unique, data: testId, filetype: 'video/webm' });
      expect((await patchUpload(created.uploadUrl as string, 0, take)).status).toBe(204);
      uploadIds.push(uploadIdOf(created.uploadUrl as string));
    }
    const [first, second] = uploadIds as [string, string];
    expect((await adminSession(server.url, unique)).video).toMatchObject({ status: 'complete', bytes: 30_000 });
    expect(Buffer.from(await (await download(unique)).arrayBuffer()).equals(takes[1] as Buffer)).toBe(true);
    expect(await objectSize(second)).toBe(30_000);
    expect(await objectSize(first)).toBeUndefined();
    expect(fs.readdirSync(path.join(server.dataDir, 'videos')).filter((name) => name.startsWith(first))).toEqual([]);
  });

  it('refuses an upload that is not a video by its first bytes, and nothing reaches the bucket', async () => {
    const unique = await registered(server.url);
    const notVideo = Buffer.from('%PDF-1.7 pretending to be a recording '.repeat(2000));
    const created = await createUpload(server.url, notVideo.length, { unique, data: testId, filetype: 'video/webm' });
    const refused = await patchUpload(created.uploadUrl as string, 0, notVideo);
    expect(refused.status).toBe(415);
    expect(await objectSize(uploadIdOf(created.uploadUrl as string))).toBeUndefined();
    expect((await uploadOffset(created.uploadUrl as string)).status).toBe(404);
  });

  it('exports the videos from the bucket (pnpm --filter api export)', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const video = syntheticWebm(200_000);
    const created = await createUpload(server.url, video.length, { unique, data: testId, filetype: 'video/webm' });
    expect((await patchUpload(created.uploadUrl as string, 0, video)).status).toBe(204);

    const outDir = tempDataDir();
    try {
      await promisify(execFile)(process.execPath, [builtApi('export-cli'), '--out', outDir], {
        cwd: apiRoot,
        env: { ...process.env, ...s3Env, DATA_DIR: server.dataDir, INIT_CWD: '' },
      });
      expect(fs.readFileSync(path.join(outDir, 'videos', `${unique}.webm`)).equals(video)).toBe(true);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('refuses an upload over VIDEO_MAX_BYTES before any of it is stored', async () => {
    const created = await createUpload(server.url, VIDEO_MAX_BYTES + 1, {
      unique: await registered(server.url),
      data: testId,
    });
    expect(created.status).toBe(413);
    expect(created.uploadUrl).toBeUndefined();
  });
});
