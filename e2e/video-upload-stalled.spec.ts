import type { Route } from '@playwright/test';
import { adminSession, expect, failedRequest, interruptUntilBack, sessionId, test } from './fixtures.ts';
import {
  connectCamera,
  expectHonestScreen,
  fastForwardUntil,
  IPREP,
  openVideoSection,
  recordFor,
  storedVideoRows,
  VIDEO_UPLOAD,
} from './video-helpers.ts';

test('an upload whose requests hang is cut off and retried, offers a way on within minutes, and still arrives', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(120_000);
  // The hanging requests the section gives up on.
  allowProblem(failedRequest('/api/videos/', 'net::ERR_ABORTED'));
  // tus-js-client's quick retries run out while the requests still hang; the section logs that and pauses.
  allowProblem(/^console error: Video upload failed .*UploadStalledError/);
  // The page's timers run on a clock the test moves on: a hang shows only after a while.
  await page.clock.install();
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');

  // A proxy that holds every PATCH open, neither answering nor failing, as long as the test says so.
  const held: Route[] = [];
  const serverBack = await interruptUntilBack(page, VIDEO_UPLOAD, (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    held.push(route);
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeFocused();
  await expect.poll(() => held.length).toBe(1);

  // Each hang counts as a lost connection: the candidate is told, and sending tries again by itself.
  const lost = page.getByRole('alert').filter({ hasText: 'The connection to the server was lost.' });
  const untilLost = await fastForwardUntil(page, () => lost.isVisible());
  await expect(lost).toContainText('Your video is kept safe in this browser');
  expect(held.length).toBeGreaterThan(1);

  // Within a couple of minutes of the first hang the candidate may go on: about 2 min 20 s
  // (upload-policy.ts, UPLOAD_STALL_MS), and the real requests between this test's steps add a little.
  const notice = page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' });
  const untilWayOn = untilLost + (await fastForwardUntil(page, () => notice.isVisible()));
  expect(untilWayOn).toBeGreaterThanOrEqual(120_000);
  expect(untilWayOn).toBeLessThanOrEqual(180_000);
  expect(held.length).toBeGreaterThanOrEqual(6);
  await expectHonestScreen(page);

  await notice.getByRole('button', { name: 'Continue without video' }).click();
  await expect(page).toHaveURL(IPREP);
  await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  const unique = await sessionId(page);
  await expect.poll(async () => (await adminSession(request, unique))?.noVideo?.reason).toBe('upload-failing');
  expect(await storedVideoRows(page, 'recordings')).toBe(1);

  // The proxy lets requests through again: the one it still holds is cut off in its turn, and the
  // take the candidate left sending arrives.
  serverBack();
  await fastForwardUntil(page, async () => (await adminSession(request, unique))?.video?.status === 'complete');
  await expect.poll(() => storedVideoRows(page, 'recordings')).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
});
