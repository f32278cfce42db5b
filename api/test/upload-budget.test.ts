import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUpload,
  type InProcessServer,
  keyHeaders,
  patchUpload,
  registered,
  startServer,
  syntheticWebm,
  testId,
} from './helpers.ts';
import { DAY, testClock } from './invitation-helpers.ts';

/**
 * Uploads have a budget (issue 22): a session holds at most VIDEO_UPLOADS_IN_FLIGHT unfinished
 * uploads (a newer one replaces the oldest) and VIDEO_BYTES_IN_FLIGHT declared bytes, and an
 * unfinished upload is deleted a day after it began.
 */
const clock = testClock(Date.parse('2026-05-04T09:00:00Z'));
let server: InProcessServer;
beforeAll(async () => {
  server = await startServer({ VIDEO_BYTES_IN_FLIGHT: '5000000' }, { now: clock.now });
});
afterAll(() => server.stop());

/** What a resuming browser asks first: 200 and the offset while the upload exists, 404 once it is gone. */
async function resumeStatus(uploadUrl: string, unique: string): Promise<number> {
  const response = await fetch(uploadUrl, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', ...keyHeaders(unique) },
  });
  return response.status;
}

describe('the upload budget of a session', () => {
  it('keeps two unfinished uploads: a third replaces the oldest, whose bytes go', async () => {
    const unique = await registered(server.url);
    const made = [];
    for (let take = 0; take < 3; take += 1) {
      const upload = await createUpload(server.url, 1_000_000, { unique, data: testId });
      expect(upload.status, upload.body).toBe(201);
      made.push(upload.uploadUrl as string);
      // Takes are recorded one after another, seconds apart at the least.
      clock.advance(5000);
    }
    expect(await Promise.all(made.map((url) => resumeStatus(url, unique)))).toEqual([404, 200, 200]);
  });

  it('refuses an upload that would put the session over its bytes in flight, naming the budget', async () => {
    const unique = await registered(server.url);
    expect((await createUpload(server.url, 3_000_000, { unique, data: testId })).status).toBe(201);
    const over = await createUpload(server.url, 3_000_000, { unique, data: testId });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).error).toMatch(/more than the 5000000 bytes one session may have in flight/);
    // A small one still fits beside the first.
    expect((await createUpload(server.url, 1_000_000, { unique, data: testId })).status).toBe(201);
  });

  it('deletes an unfinished upload a day after it began, and leaves a finished video alone', async () => {
    const unique = await registered(server.url);
    const video = syntheticWebm(20_000);
    const finished = await createUpload(server.url, video.length, { unique, data: testId });
    expect((await patchUpload(finished.uploadUrl as string, 0, video)).status).toBe(204);
    const stalled = await createUpload(server.url, 1_000_000, { unique, data: testId });
    expect((await patchUpload(stalled.uploadUrl as string, 0, video.subarray(0, 10_000))).status).toBe(204);

    clock.advance(DAY / 2);
    await server.app.periodicTasks.runDue();
    expect(await resumeStatus(stalled.uploadUrl as string, unique)).toBe(200);
    clock.advance(DAY);
    await server.app.periodicTasks.runDue();
    expect(await resumeStatus(stalled.uploadUrl as string, unique)).toBe(404);
    expect(await resumeStatus(finished.uploadUrl as string, unique)).toBe(200);
  });
});
