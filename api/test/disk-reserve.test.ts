import fs, { statfsSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  createUpload,
  type InProcessServer,
  keyHeaders,
  patchUpload,
  postJson,
  registered,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';

const GIB = 1024 * 1024 * 1024;

/**
 * Video bytes stop at VIDEO_DISK_RESERVE_BYTES of free disk (`video/disk-reserve.ts`): a disk
 * filled with videos must never stop the answers candidates type from being saved.
 */
describe('the disk reserve for videos', () => {
  describe('with the disk down to its reserve', () => {
    let server: InProcessServer;
    beforeAll(async () => {
      // More than any disk holds: there is never room above it.
      server = await startServer({ VIDEO_DISK_RESERVE_BYTES: String(Number.MAX_SAFE_INTEGER) });
    });
    afterAll(() => server.stop());

    it('refuses a new upload with 507, saying when to try again, and still saves answers', async () => {
      const unique = await registered(server.url);
      const upload = await createUpload(server.url, 1_000_000, { unique, data: testId });
      expect(upload.status).toBe(507);
      expect(upload.headers.get('retry-after')).toBe('60');
      expect(JSON.parse(upload.body).error).toMatch(/^The server has no room for videos just now/);
      expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    });
  });

  describe('with room for a little more video', () => {
    const dataDir = tempDataDir();
    let server: InProcessServer;
    beforeAll(async () => {
      const disk = statfsSync(dataDir);
      // About one GiB above the reserve: far more than anything else on the machine writes meanwhile.
      const reserve = disk.bavail * disk.bsize - GIB;
      server = await startServer({
        DATA_DIR: dataDir,
        VIDEO_DISK_RESERVE_BYTES: String(reserve),
        VIDEO_MAX_BYTES: String(4 * GIB),
        VIDEO_BYTES_IN_FLIGHT: String(4 * GIB),
      });
    });
    afterAll(async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses a piece that would not fit before reading it, and takes one that fits', async () => {
      const unique = await registered(server.url);
      const upload = await createUpload(server.url, 2 * GIB, { unique, data: testId });
      expect(upload.status, upload.body).toBe(201);
      const uploadUrl = upload.uploadUrl as string;

      const refused = await patchBeyondWhatIsSent(uploadUrl, keyHeaders(unique), 2 * GIB);
      expect(refused.status).toBe(507);
      expect(refused.closed).toBe(true);

      const video = syntheticWebm(20_000);
      const fits = await patchUpload(uploadUrl, 0, video);
      expect(fits.status, fits.body).toBe(204);
      expect(fits.offset).toBe(video.length);
    });
  });
});

/**
 * A PATCH that announces `announced` bytes and sends only its first 64 KiB, as a browser does
 * while the rest is on its way: the answer, and whether the server then closed the connection
 * rather than wait for the rest.
 */
function patchBeyondWhatIsSent(
  uploadUrl: string,
  headers: Record<string, string>,
  announced: number,
): Promise<{ status: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(uploadUrl, {
      method: 'PATCH',
      agent: false,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(announced),
        ...headers,
      },
    });
    request.on('error', () => {
      // The server closing a connection whose body is still being sent: what the test expects.
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        const socket = request.socket;
        if (socket?.destroyed || socket?.readableEnded) resolve({ status: response.statusCode ?? 0, closed: true });
        else socket?.once('close', () => resolve({ status: response.statusCode ?? 0, closed: true }));
        setTimeout(() => resolve({ status: response.statusCode ?? 0, closed: false }), 5000);
      });
    });
    request.on('timeout', () => reject(new Error('no answer to the PATCH')));
    request.setTimeout(15_000);
    request.write(Buffer.alloc(64 * 1024));
  });
}
