import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  adminSession,
  type ChildServer,
  createUpload,
  keyHeaders,
  keyOf,
  patchUpload,
  registered,
  spawnServer,
  syntheticWebm,
  tempDataDir,
  testId,
  uploadOffset,
} from './helpers.ts';

/** The part of tus-js-client used here; its types live with the video remote, not the API. */
interface TusClient {
  Upload: new (
    file: Buffer,
    options: {
      endpoint: string;
      chunkSize: number;
      metadata: Record<string, string>;
      headers: Record<string, string>;
      retryDelays: number[];
      onSuccess: () => void;
      onError: (error: Error) => void;
    },
  ) => { start(): void };
}

const VIDEO_MAX_BYTES = 8 * 1024 * 1024;
const dataDir = tempDataDir();
let server: ChildServer;

beforeAll(async () => {
  server = await spawnServer(dataDir, { VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES) });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `what` says what was seen at the end, so a time-out in CI tells why. */
async function waitFor(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function downloadVideo(url: string, unique: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/admin/sessions/${unique}/video`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
  });
}

describe('video upload (tus)', () => {
  it('resumes from the stored offset after the server is killed mid-upload, and ends byte-identical', async () => {
    const unique = await registered(server.url);
    const video = syntheticWebm(3 * 1024 * 1024 + 12_345);
    const created = await createUpload(server.url, video.length, {
      unique,
      data: testId,
      filetype: 'video/webm;codecs=vp9,opus',
      recordingId: 'take-1',
      duration: '12.5',
    });
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.uploadUrl as string).pathname;
    expect(uploadPath).toMatch(/^\/api\/videos\/[0-9a-f]{32}$/);
    const storedFile = path.join(dataDir, 'videos', path.basename(uploadPath));

    // Half the file goes out, then the request stalls as if the network hung, and the server dies.
    const sent = 1024 * 1024 + 777;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < sent; at += 64 * 1024)
          controller.enqueue(video.subarray(at, Math.min(at + 64 * 1024, sent)));
      },
    });
    let answered = 'no answer yet';
    const stalled = fetch(`${server.url}${uploadPath}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        ...keyHeaders(unique),
      },
      body,
      duplex: 'half',
    } as RequestInit).then(
      async (response) => {
        answered = `answered ${response.status}: ${await response.text()}`;
        return response;
      },
      (error: unknown) => error,
    );
    const onDisk = () => fs.statSync(storedFile, { throwIfNoEntry: false })?.size ?? 0;
    await waitFor(
      () => onDisk() >= sent,
      () => `${sent} bytes on disk; ${onDisk()} there, and the PATCH was ${answered}`,
    );
    await server.kill();
    expect(await stalled).toBeInstanceOf(Error);

    server = await spawnServer(dataDir, { VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES) }, server.port);
    const head = await uploadOffset(`${server.url}${uploadPath}`);
    expect(head.status).toBe(200);
    expect(head.offset).toBe(sent);

    const rest = await patchUpload(`${server.url}${uploadPath}`, head.offset, video.subarray(head.offset));
    expect(rest).toMatchObject({ status: 204, offset: video.length });

    const session = await adminSession(server.url, unique);
    expect(session.video).toMatchObject({
      status: 'complete',
      bytes: video.length,
      contentType: 'video/webm',
      durationSeconds: 12.5,
      recordingId: 'take-1',
      download: `/api/admin/sessions/${unique}/video`,
    });
    const download = await downloadVideo(server.url, unique);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/webm');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${unique}.webm"`);
    expect(Buffer.from(await download.arrayBuffer()).equals(video)).toBe(true);

    const range = await downloadVideo(server.url, unique, { range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
  });

  it('refuses an upload whose content is not a video, and keeps nothing of it', async () => {
    const unique = await registered(server.url);
    const notVideo = Buffer.from('%PDF-1.7 pretending to be a recording '.repeat(2000));
    const created = await createUpload(server.url, notVideo.length, { unique, data: testId, filetype: 'video/webm' });
    expect(created.status).toBe(201);
    const refused = await patchUpload(created.uploadUrl as string, 0, notVideo);
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({ error: 'The upload is not a WebM or MP4 video' });
    expect((await uploadOffset(created.uploadUrl as string)).status).toBe(404);
    expect((await adminSession(server.url, unique)).video).toBeNull();
    expect((await downloadVideo(server.url, unique)).status).toBe(404);
  });

  it('accepts an MP4 take, as Safari records it (fragmented)', async () => {
    const unique = await registered(server.url);
    const mp4 = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/take.mp4'));
    const created = await createUpload(server.url, mp4.length, { unique, data: testId, filetype: 'video/mp4' });
    expect((await patchUpload(created.uploadUrl as string, 0, mp4)).status).toBe(204);
    expect((await adminSession(server.url, unique)).video).toMatchObject({
      contentType: 'video/mp4',
      bytes: mp4.length,
    });
    const download = await downloadVideo(server.url, unique);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${unique}.mp4"`);
    await download.arrayBuffer();
  });

  it('keeps only the newest finished take of a session, deleting the bytes of the one before', async () => {
    const unique = await registered(server.url);
    const takes = [syntheticWebm(20_000), syntheticWebm(30_000)];
    const uploadIds: string[] = [];
    for (const take of takes) {
      const created = await createUpload(server.url, take.length, { unique, data: testId, filetype: 'video/webm' });
      expect((await patchUpload(created.uploadUrl as string, 0, take)).status).toBe(204);
      uploadIds.push(path.basename(created.uploadUrl as string));
    }
    expect((await adminSession(server.url, unique)).video).toMatchObject({ bytes: 30_000 });
    const download = await downloadVideo(server.url, unique);
    expect(Buffer.from(await download.arrayBuffer()).equals(takes[1] as Buffer)).toBe(true);
    const kept = fs.readdirSync(path.join(dataDir, 'videos'));
    expect(kept).not.toContain(uploadIds[0]);
    expect(kept).toContain(uploadIds[1]);
  });

  it('refuses a video header followed by zeros, WebM or MP4, once it is finished, and keeps nothing of it', async () => {
    const webmHead = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/take.webm')).subarray(0, 300);
    const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
    for (const [filetype, head] of [
      ['video/webm', webmHead],
      ['video/mp4', mp4Head],
    ] as const) {
      const unique = await registered(server.url);
      const junk = Buffer.concat([head, Buffer.alloc(400_000)]);
      const created = await createUpload(server.url, junk.length, { unique, data: testId, filetype });
      const refused = await patchUpload(created.uploadUrl as string, 0, junk);
      expect(refused.status).toBe(422);
      expect(JSON.parse(refused.body)).toEqual({ error: 'The upload holds no video picture that can be played back' });
      expect((await uploadOffset(created.uploadUrl as string)).status).toBe(404);
      expect((await adminSession(server.url, unique)).video).toBeNull();
    }
  });

  it('refuses an upload over VIDEO_MAX_BYTES with 413', async () => {
    const unique = await registered(server.url);
    const created = await createUpload(server.url, VIDEO_MAX_BYTES + 1, { unique, data: testId });
    expect(created.status).toBe(413);
  });

  it('refuses an upload that names no session, or an unknown invitation, with 400', async () => {
    const unique = await registered(server.url);
    const noSession = await createUpload(server.url, 1000, { data: testId }, { key: keyOf(unique) });
    expect(noSession.status).toBe(400);
    expect(JSON.parse(noSession.body).error).toMatch(/^unique: /);
    const unknown = await createUpload(server.url, 1000, { unique, data: 'zzzz9999' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toEqual({ error: 'Unknown invitation "zzzz9999"' });
    const wrongType = await createUpload(server.url, 1000, {
      unique,
      data: testId,
      filetype: 'image/png',
    });
    expect(wrongType.status).toBe(400);
  });

  it('works with tus-js-client, the browser library of the video remote', async () => {
    const require = createRequire(path.resolve(import.meta.dirname, '../../remote-video/package.json'));
    const tus = require('tus-js-client') as TusClient;
    const unique = await registered(server.url);
    const video = syntheticWebm(700_000);
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        endpoint: `${server.url}/api/videos/`,
        chunkSize: 256 * 1024,
        metadata: { unique, data: testId, filetype: 'video/webm', recordingId: 'take-2' },
        headers: keyHeaders(unique),
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const download = await downloadVideo(server.url, unique);
    expect(Buffer.from(await download.arrayBuffer()).equals(video)).toBe(true);
  });
});
