import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv, type S3Settings } from '../../config.ts';
import { createS3Client, createS3VideoStore } from './s3-video-store.ts';

const settings = configFromEnv(inject('services')).s3 as S3Settings;
const client = await createS3Client(settings);
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-s3-store-'));
const videos = await createS3VideoStore(settings, directory, client);
// Made here, not in its test: tus's file store creates its folder in the background when it is
// made, and that must not race the folder's removal after the last test.
const withoutBucket = await createS3VideoStore({ ...settings, bucket: 'no-such-bucket' }, directory, client);

afterAll(() => {
  client.destroy();
  fs.rmSync(directory, { recursive: true, force: true });
});

const newUploadId = () => randomBytes(16).toString('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** An upload written through the tus datastore, as the server writes one, in two PATCHes. */
async function upload(bytes: Buffer): Promise<string> {
  const id = newUploadId();
  await videos.datastore.create(new Upload({ id, size: bytes.length, offset: 0, metadata: {} }));
  const half = Math.floor(bytes.length / 2);
  await videos.datastore.write(Readable.from([bytes.subarray(0, half)]), id, 0);
  await videos.datastore.write(Readable.from([bytes.subarray(half)]), id, half);
  return id;
}

describe('S3 video store (s3rver over HTTP, the real AWS SDK)', () => {
  it('moves a finished upload to the bucket, in parts, byte-identical, with its content type', async () => {
    // Larger than two parts, so the managed upload goes multipart.
    const video = randomBytes(17 * 1024 * 1024 + 123);
    const id = await upload(video);
    expect(await videos.size(id)).toBe(video.length);

    await videos.persist(id, 'video/webm');
    await videos.release(id);
    expect(fs.existsSync(path.join(directory, id))).toBe(false);

    const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `videos/${id}` }));
    expect(head.ContentLength).toBe(video.length);
    expect(head.ContentType).toBe('video/webm');
    expect(await videos.size(id)).toBe(video.length);
    expect(sha256(await bytesOf(await videos.read(id)))).toBe(sha256(video));
  });

  it('streams byte ranges of a stored video, as a seeking player asks for them', async () => {
    const video = randomBytes(300_000);
    const id = await upload(video);
    await videos.persist(id, 'video/mp4');
    await videos.release(id);
    for (const range of [
      { start: 0, end: 99 },
      { start: 1000, end: 65_535 },
      { start: 299_000, end: 299_999 },
    ]) {
      expect((await bytesOf(await videos.read(id, range))).equals(video.subarray(range.start, range.end + 1))).toBe(
        true,
      );
    }
  });

  it('refuses to pass on other bytes than the range asked for', async () => {
    const id = await upload(randomBytes(10_000));
    await videos.persist(id, 'video/webm');
    // s3rver answers `bytes=0-0` with the whole object, where S3 sends one byte.
    await expect(videos.read(id, { start: 0, end: 0 })).rejects.toThrow(/answered 10000 bytes for 0-0/);
  });

  it('still answers a HEAD for an upload whose bytes moved to the bucket, as complete', async () => {
    const video = randomBytes(50_000);
    const id = await upload(video);
    await videos.persist(id, 'video/webm');
    await videos.release(id);
    const found = await videos.datastore.getUpload(id);
    expect([found.offset, found.size]).toEqual([video.length, video.length]);
  });

  it('knows no size and no video for an upload that never was, and rejects reading it', async () => {
    const id = newUploadId();
    expect(await videos.size(id)).toBeUndefined();
    await expect(videos.read(id)).rejects.toThrow();
    await expect(videos.datastore.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('reaches its bucket and folder, and reports a bucket that is not there', async () => {
    await expect(videos.probe()).resolves.toBeUndefined();
    await expect(withoutBucket.probe()).rejects.toThrow();
  });
});
