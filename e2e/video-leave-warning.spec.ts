import type { Page, Route } from '@playwright/test';
import { agreeAndStart, expect, interruptUntilBack, sessionOfPage, test } from './fixtures.ts';
import { completeQuiz, startQuiz } from './quiz-helpers.ts';
import {
  completedVideoSession,
  connectCamera,
  expectLeavingAsked,
  expectLeftWithoutAsking,
  fastForwardUntil,
  IPREP,
  openVideoSection,
  recordFor,
  refuseVideoStorage,
  STORAGE_REFUSED,
  UPLOAD_RESETS,
  VIDEO_UPLOAD,
  VINTRO,
  waitForElapsed,
} from './video-helpers.ts';

/**
 * Submits the take with its upload held on its way to the server, and answers how to let it
 * through: the server back, and the held request sent on.
 */
async function submitWithUploadHeld(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  const serverBack = await interruptUntilBack(page, VIDEO_UPLOAD, (route) => {
    held.push(route);
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeFocused();
  await expect.poll(() => held.length).toBe(1);
  return async () => {
    serverBack();
    for (const route of held.splice(0)) await route.continue();
  };
}

/**
 * To the video section as a candidate gets there, within the product (Back is then one of its
 * pages), with the browser refusing to keep the recording, and a take recorded.
 */
async function recordWithinProduct(page: Page): Promise<void> {
  await agreeAndStart(page);
  await startQuiz(page);
  await completeQuiz(page);
  await expect(page).toHaveURL(VINTRO);
  await refuseVideoStorage(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
}

/**
 * Submits the take with every upload request reset, moves the page's clock on (`page.clock` is
 * installed) until the way on is offered, and takes it: the candidate is on the next section.
 * Answers how to bring the server back.
 */
async function goOnWhileSendingFails(page: Page): Promise<() => void> {
  const serverBack = await interruptUntilBack(page, VIDEO_UPLOAD, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' });
  await fastForwardUntil(page, () => notice.isVisible());
  await notice.getByRole('button', { name: 'Continue without video' }).click();
  await expect(page).toHaveURL(IPREP);
  return serverBack;
}

test('a take only this page holds asks before the page is left, from recording until the server has it', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(STORAGE_REFUSED);
  await openVideoSection(page);
  await refuseVideoStorage(page);
  await connectCamera(page);

  // Mid-recording: the browser has refused the pieces recorded so far.
  await page.getByRole('button', { name: 'Record Now', exact: true }).click();
  await waitForElapsed(page, 2);
  await expectLeavingAsked(page);
  await page.getByRole('button', { name: 'Recording' }).click();

  // Recorded, not submitted yet.
  await expect(page.getByRole('status').filter({ hasText: 'Your recording is ready' })).toContainText(
    'This browser could not keep a copy of it, so keep this page open until it has been sent.',
  );
  await expectLeavingAsked(page);

  // Submitted, with the upload held on its way to the server until the test lets it through.
  const letThrough = await submitWithUploadHeld(page);
  await expectLeavingAsked(page);

  // The candidate stayed: the take goes on to the server, the section moves on, and leaving then asks nothing.
  await letThrough();
  await expect(page).toHaveURL(IPREP);
  await completedVideoSession(page, request);
  await expectLeftWithoutAsking(page);
});

test('a take this browser keeps does not ask before the page is left, recorded or being sent', async ({ page }) => {
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  await expect(page.getByRole('status').filter({ hasText: 'Your recording is ready' })).not.toContainText(
    'could not keep a copy',
  );

  // Held on its way to the server, as in the test above: only this browser's copy is whole.
  await submitWithUploadHeld(page);
  await expectLeftWithoutAsking(page);
});

test('after going on while sending fails, leaving the next section asks until the take only this page holds arrives', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(120_000);
  allowProblem(STORAGE_REFUSED);
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  // The page's timers run on a clock the test moves on: the way on comes after failures spread over seconds.
  await page.clock.install();
  await openVideoSection(page);
  await refuseVideoStorage(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');

  const serverBack = await goOnWhileSendingFails(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();

  // The video section has closed, but its take is still only in this page.
  await expectLeavingAsked(page);

  // Within one pause of the sender (upload-policy.ts) the take arrives; the page then knows it was sent.
  serverBack();
  await fastForwardUntil(page, async () => (await sessionOfPage(page, request))?.video?.status === 'complete');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
  await expectLeftWithoutAsking(page);
});

test('a take only this page holds still arrives when the candidate goes Back within the product while it is being sent', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(STORAGE_REFUSED);
  await recordWithinProduct(page);

  const letThrough = await submitWithUploadHeld(page);

  // Back within the product closes the section without leaving the page, so the browser asks nothing.
  await page.goBack();
  await expect(page).not.toHaveURL(VINTRO);
  await letThrough();
  await expect.poll(async () => (await sessionOfPage(page, request))?.video?.status).toBe('complete');
});

test('a take only this page holds, not submitted yet, is offered back after Back and Forward within the product', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(STORAGE_REFUSED);
  await recordWithinProduct(page);

  // Back closes the section and asks nothing, as it leaves no page; Forward opens the section again.
  await page.goBack();
  await expect(page).not.toHaveURL(VINTRO);
  await page.goForward();
  await expect(page).toHaveURL(VINTRO);
  const offered = page.getByRole('region', { name: 'We found the recording you made earlier' });
  await expect(offered.getByRole('heading', { name: 'We found the recording you made earlier' })).toBeFocused();
  await expect(offered).toContainText(
    'This browser could not keep a copy of it, so keep this page open until it has been sent.',
  );
  // Still only in this page: leaving it asks first.
  await expectLeavingAsked(page);

  await offered.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(IPREP);
  const session = await completedVideoSession(page, request);
  expect(session.video?.durationSeconds).toBeGreaterThanOrEqual(2);
  await expectLeftWithoutAsking(page);
});

test('coming back to the section while its take is still being sent shows the sending, not the steps before it', async ({
  page,
  request,
  allowProblem,
}) => {
  test.setTimeout(120_000);
  allowProblem(STORAGE_REFUSED);
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  // The page's timers run on a clock the test moves on: the way on comes after failures spread over seconds.
  await page.clock.install();
  await recordWithinProduct(page);

  const serverBack = await goOnWhileSendingFails(page);

  // Back to the video section, with no time passing: what it shows is the take on its way, as it
  // was left, the problem and the way on still there (the sender goes on, not from the start).
  await page.goBack();
  await expect(page).toHaveURL(VINTRO);
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Request Camera Access' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('The connection to the server was lost.');
  await expect(page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' })).toBeVisible();

  // The server back: the take arrives.
  serverBack();
  await fastForwardUntil(page, async () => (await sessionOfPage(page, request))?.video?.status === 'complete');
});
