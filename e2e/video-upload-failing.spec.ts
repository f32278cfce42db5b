import type { Route } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import {
  adminSession,
  expect,
  failedRequest,
  interruptUntilBack,
  refusedRequest,
  sessionId,
  test,
} from './fixtures.ts';
import {
  connectCamera,
  expectHonestScreen,
  expectLeavingAsked,
  expectLeftWithoutAsking,
  fastForwardUntil,
  IPREP,
  openVideoSection,
  recordFor,
  refuseVideoStorage,
  STORAGE_REFUSED,
  storedVideoRows,
  UPLOAD_RESETS,
  VIDEO_UPLOAD,
} from './video-helpers.ts';

const SUCCESS = 'All responses have been submitted successfully!';

test('an upload that keeps failing offers a way on, and the take still arrives once the server is back', async ({
  page,
  request,
  allowProblem,
}) => {
  // Six failed requests with the sender's own retry delays, then the feedback section, then the
  // server coming back within its next retry.
  test.setTimeout(150_000);
  // The resets the test gives every upload request.
  allowProblem(failedRequest('/api/videos', 'net::ERR_CONNECTION_RESET'));
  // On a slow machine the server may still be away when tus-js-client's retries run out; the section logs that.
  allowProblem(/^console error: Video upload failed /);
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');

  // A proxy that resets every upload request, as long as the test says so.
  let failed = 0;
  const serverBack = await interruptUntilBack(page, VIDEO_UPLOAD, (route) => {
    failed += 1;
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Sending your video' })).toBeFocused();
  await expect(page.getByText('The connection to the server was lost.')).toBeVisible({ timeout: 15_000 });

  // Announced (it comes in the panel's alert), after the sixth failure and not before.
  const notice = page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' });
  await expect(notice).toBeVisible({ timeout: 40_000 });
  expect(failed).toBeGreaterThanOrEqual(6);
  await expect(notice).toContainText('Lumenvault will see that you continued without video.');
  await expect(notice).toContainText(
    'If you continue, your recording stays in this browser and sending goes on while this page is open.',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await expectHonestScreen(page);

  // By keyboard from the panel's heading: past Try again now to the way on.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Try again now' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: 'Continue without video' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(IPREP);
  const feedbackHeading = page.getByRole('heading', { level: 1, name: 'Interview Preparation' });
  await expect(feedbackHeading).toBeVisible();
  const unique = await sessionId(page);
  await expect.poll(async () => (await adminSession(request, unique))?.noVideo?.reason).toBe('upload-failing');
  expect(await storedVideoRows(page, 'recordings')).toBe(1);

  await feedbackHeading.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();

  // The take is still on its way: the end screen claims no success, and closing the tab, which
  // would stop the sending, asks first.
  const delivery = page.getByRole('status').filter({ hasText: 'Your video is still being sent.' });
  await expect(delivery).toContainText('Please keep this tab open until this message confirms it has arrived');
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  await expectLeavingAsked(page);

  // The server is back: the take the candidate left sending arrives, and the company gets it.
  serverBack();
  // The sender's next attempt comes at most one retry delay or one pause later (upload-policy.ts).
  await expect
    .poll(async () => (await adminSession(request, unique))?.video?.status, { timeout: 60_000 })
    .toBe('complete');
  expect((await adminSession(request, unique))?.noVideo?.reason).toBe('upload-failing');
  await expect.poll(() => storedVideoRows(page, 'recordings')).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
  await expectLeftWithoutAsking(page);
});

test('a take left sending that the server then refuses is told at the end, never counted as arrived', async ({
  page,
  allowProblem,
}) => {
  test.setTimeout(120_000);
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  allowProblem(refusedRequest('/api/videos', 413));
  // The page's timers run on a clock the test moves on: the way on comes after failures spread over seconds.
  await page.clock.install();
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');

  // Every upload request is reset, until the test has the server refuse the file itself.
  let refuse = false;
  await page.route(VIDEO_UPLOAD, (route) =>
    refuse
      ? route.fulfill({
          status: 413,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The video is larger than the server accepts.' }),
        })
      : route.abort('connectionreset'),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' });
  await fastForwardUntil(page, () => notice.isVisible());
  await notice.getByRole('button', { name: 'Continue without video' }).click();
  await expect(page).toHaveURL(IPREP);
  await page.locator('label[for="feedback-star-0"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Your video is still being sent.' })).toBeVisible();

  refuse = true;
  const refused = page.getByRole('status').filter({ hasText: 'Your video could not be sent' });
  await fastForwardUntil(page, () => refused.isVisible());
  await expect(refused).toContainText('Lumenvault sees that you continued without video.');
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  // Nothing is on its way any more, so keeping the tab open would deliver nothing.
  await expectLeftWithoutAsking(page);
});

test('a take this browser could not keep is never said to be kept safe while sending fails', async ({
  page,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(STORAGE_REFUSED);
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  await openVideoSection(page);
  await refuseVideoStorage(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  await expect(page.getByRole('status').filter({ hasText: 'Your recording is ready' })).toContainText(
    'This browser could not keep a copy of it, so keep this page open until it has been sent.',
  );
  expect(await storedVideoRows(page, 'recordings')).toBe(0);

  // The first request of the upload is held until the test has read the panel; then every one is reset.
  let first: Route | undefined;
  await page.route(VIDEO_UPLOAD, (route) => {
    if (first) return route.abort('connectionreset');
    first = route;
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  const sending = page.getByRole('status').filter({ hasText: 'Please keep this page open until your video is sent.' });
  await expect(sending).toContainText('This browser could not keep a copy of it, so closing the page would lose it.');
  await expect(sending).not.toContainText('sending continues from where it stopped');
  await first?.abort('connectionreset');

  const lost = page.getByRole('alert').filter({ hasText: 'The connection to the server was lost.' });
  await expect(lost).toContainText(
    'Your video is held only by this open page, so keep it open: sending continues by itself when the connection is back.',
    { timeout: 15_000 },
  );
  await expect(lost).not.toContainText('kept safe');

  const notice = page.getByRole('alert').getByRole('region', { name: 'Sending keeps failing' });
  await expect(notice).toContainText(
    'This browser could not keep a copy of your recording, so closing or reloading this page loses it.',
    { timeout: 40_000 },
  );
  await expect(notice).not.toContainText('stays in this browser');
  await expectHonestScreen(page);
});

test('Try again now, pressed by keyboard, leaves focus in the panel, not at the start of the page', async ({
  page,
  allowProblem,
}) => {
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  await interruptUntilBack(page, VIDEO_UPLOAD, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const heading = page.getByRole('heading', { name: 'Sending your video' });
  await expect(heading).toBeFocused();

  const retry = page.getByRole('button', { name: 'Try again now' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(retry).toBeFocused();
  await page.keyboard.press('Enter');
  // The button goes with the problem while sending starts again; the next Tab still leads on from the panel.
  await expect(heading).toBeFocused();
});

test('a lost connection is told once, not again at every retry, until the server takes the video again', async ({
  page,
  request,
  allowProblem,
}) => {
  for (const problem of UPLOAD_RESETS) allowProblem(problem);
  // The page's timers run on a clock the test moves on: the sender's retries are spread over seconds.
  await page.clock.install();
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');

  // Every time the problem appears in the panel's alert, a screen reader announces it.
  await page.evaluate(() => {
    const shown = { times: 0 };
    Object.assign(window, { lostShown: shown });
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of Array.from(change.addedNodes)) {
          if (node.textContent?.includes('The connection to the server was lost.')) shown.times += 1;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const timesShown = () => page.evaluate(() => (window as unknown as { lostShown: { times: number } }).lostShown.times);

  let failed = 0;
  const serverBack = await interruptUntilBack(page, VIDEO_UPLOAD, (route) => {
    failed += 1;
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  const lost = page.getByRole('alert').filter({ hasText: 'The connection to the server was lost.' });
  await fastForwardUntil(page, () => lost.isVisible());
  // Through every quick retry, the sender's pause, and the retries after it (upload-policy.ts).
  const firstRound = failed;
  await fastForwardUntil(page, async () => failed >= 6);
  await fastForwardUntil(page, async () => failed > firstRound + 8);
  await expect(lost).toBeVisible();
  expect(await timesShown()).toBe(1);

  // Back: the next try gets through, and the problem goes with the first byte the server takes.
  serverBack();
  await page.getByRole('button', { name: 'Try again now' }).click();
  await fastForwardUntil(
    page,
    async () => (await adminSession(request, await sessionId(page)))?.video?.status === 'complete',
  );
  await expect(page).toHaveURL(IPREP);
  expect(await timesShown()).toBe(1);
});
