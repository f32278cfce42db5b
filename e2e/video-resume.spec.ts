import type { Route } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, failedRequest, refusedRequest, sessionOfPage, test } from './fixtures.ts';
import {
  completedVideoSession,
  connectCamera,
  continueWithoutVideo,
  expectAboutThreeSeconds,
  fetchStoredVideo,
  IPREP,
  openVideoSection,
  recordFor,
  WEBM_MAGIC,
} from './video-helpers.ts';

test('a reload in the middle of the upload resumes it where the server stopped, and the stored file is complete', async ({
  page,
  request,
  allowProblem,
}) => {
  // The connection the test cuts halfway through the first PATCH.
  allowProblem(failedRequest('/api/videos/', 'net::ERR_CONNECTION_RESET'));
  await openVideoSection(page);
  await connectCamera(page);
  const recorded = await recordFor(page, 3, 'Record Now');

  const creations: string[] = [];
  const offsetsSent: number[] = [];
  page.on('request', (sent) => {
    if (!sent.url().includes('/api/videos')) return;
    if (sent.method() === 'POST') creations.push(sent.headers()['upload-length'] ?? '');
    if (sent.method() === 'PATCH') offsetsSent.push(Number(sent.headers()['upload-offset']));
  });

  // The network: the first PATCH dies halfway (the server gets its first half), then nothing gets
  // through until the page is reloaded, after which the first PATCH is slow enough to watch.
  let stage: 'cut' | 'stalled' | 'slow' | 'open' = 'cut';
  let half = 0;
  const stalled: Route[] = [];
  await page.route('**/api/videos/**', async (route) => {
    const patch = route.request();
    if (patch.method() !== 'PATCH' || stage === 'open') return route.continue();
    if (stage === 'slow') {
      stage = 'open';
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return route.continue();
    }
    if (stage === 'stalled') {
      stalled.push(route);
      return;
    }
    stage = 'stalled';
    const body = patch.postDataBuffer() ?? Buffer.alloc(0);
    half = Math.floor(body.length / 2);
    const partial = await request.patch(patch.url(), {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': patch.headers()['upload-offset'] ?? '0',
        'content-type': 'application/offset+octet-stream',
        // As the browser's own request would: the session key of the candidate's browser.
        'session-key': patch.headers()['session-key'] ?? '',
      },
      data: body.subarray(0, half),
    });
    expect(partial.status()).toBe(204);
    return route.abort('connectionreset');
  });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeFocused();
  await expect(page.getByLabel('Upload progress')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await expect.poll(() => stalled.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const uploading = await sessionOfPage(page, request);
  expect(uploading?.video).toMatchObject({ status: 'uploading', bytes: half });
  expect(half).toBeGreaterThan(0);

  stage = 'slow';
  await page.reload();
  for (const route of stalled) await route.abort().catch(() => undefined);

  // After the reload the upload goes on by itself, showing what the server already has.
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeVisible();
  await expect(page.getByText(/^(49|50|51)% sent/)).toBeVisible();
  await expect(page).toHaveURL(IPREP, { timeout: 20_000 });

  expect(creations).toHaveLength(1);
  expect(offsetsSent.at(-1)).toBe(half);
  const session = await completedVideoSession(page, request);
  expect(String(session.video.bytes)).toBe(creations[0]);
  const stored = await fetchStoredVideo(request, session);
  expect(stored.bytes.subarray(0, 4).equals(WEBM_MAGIC)).toBe(true);
  expect(stored.bytes.length).toBe(Number(creations[0]));
  expect(stored.warnings).toBe('');
  expectAboutThreeSeconds(stored, recorded);
  expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
});

test('a server that is unreachable for a while only pauses the upload', async ({ page, request, allowProblem }) => {
  allowProblem(failedRequest('/api/videos/', 'net::ERR_CONNECTION_REFUSED'));
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 1, 'Record Now');

  await page.route('**/api/videos/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const lost = page.getByRole('alert').filter({ hasText: 'The connection to the server was lost.' });
  await expect(lost).toBeVisible({ timeout: 60_000 });
  await expect(lost).toContainText('Your video is kept safe in this browser');

  await page.unroute('**/api/videos/**');
  await page.getByRole('button', { name: 'Try again now' }).click();
  await expect(page).toHaveURL(IPREP);
  await completedVideoSession(page, request);
});

test('a server that answers busy only pauses the upload, and does not blame the connection', async ({
  page,
  request,
  allowProblem,
}) => {
  // The busy answers the test gives, and the section's log of the attempt they end.
  allowProblem(refusedRequest('/api/videos/', 503));
  allowProblem(/^console error: Video upload failed .*response code: 503/);
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 1, 'Record Now');

  await page.route('**/api/videos/**', (route) =>
    route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { error: 'The server is busy' } }),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const busy = page.getByRole('alert').filter({ hasText: 'The server could not take the video just now.' });
  await expect(busy).toBeVisible({ timeout: 60_000 });
  await expect(busy).toContainText('Your video is kept safe in this browser, and sending continues by itself');
  await expect(page.getByText('The connection to the server was lost.')).toHaveCount(0);

  await page.unroute('**/api/videos/**');
  await page.getByRole('button', { name: 'Try again now' }).click();
  await expect(page).toHaveURL(IPREP);
  await completedVideoSession(page, request);
});

test('a video the server refuses for good leaves the candidate a way on', async ({ page, request, allowProblem }) => {
  // The refusal the test answers with, and the section's log of it.
  allowProblem(refusedRequest('/api/videos/', 413));
  allowProblem(/^console error: Video upload failed .*response code: 413/);
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 1, 'Record Now');

  await page.route('**/api/videos/**', (route) =>
    route.fulfill({ status: 413, json: { error: 'The video is larger than this server takes' } }),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The server did not accept the video.' });
  await expect(refused).toContainText('The video is larger than this server takes');

  // Kept in the browser, and offered back rather than sent again by itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'We found the recording you made earlier' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(refused).toBeVisible();
  await continueWithoutVideo(page, request, 'upload-refused');
});
