import type { Page } from '@playwright/test';
import { agreeAndStart, EXPIRED_ID, expect, SAMPLE_ID, test } from './fixtures.ts';
import { liveRemoteFile } from './support/live-remotes.ts';
import { IPREP, toast, VINTRO } from './video-helpers.ts';

/*
 * Every page, as a candidate meets it, loads without a console error, a failed request (a 404 is
 * one) or a Content-Security-Policy report: the fixture fails the test on any of them. Each page
 * is left to settle (its icon fetched, its calls answered) before the test ends.
 */

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const [path, heading] of [
  ['/', 'Hiring Assessment'],
  ['/404', 'Page Not Found'],
  [`/invite/${EXPIRED_ID}`, 'Link Expired'],
  [`/invite/${SAMPLE_ID}`, 'Welcome!'],
] as const) {
  test(`${path} loads without a console error, a failed request or a CSP report`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settle(page);
  });
}

for (const [sectionId, heading] of [
  ['quiz', 'Section 1: Problem Solving'],
  ['video', 'Video Introduction'],
  ['feedback', 'Interview Preparation'],
] as const) {
  test(`the ${sectionId} release's standalone page loads without a console error, a failed request or a CSP report`, async ({
    page,
    request,
  }) => {
    await page.goto(`${await liveRemoteFile(request, sectionId, 'index.html')}?test=${SAMPLE_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settle(page);
  });
}

test('the sections load without a console error, a failed request or a CSP report, camera on', async ({ page }) => {
  await agreeAndStart(page);
  await settle(page);
  await page.goto(VINTRO);
  await page.getByRole('button', { name: 'Request Camera Access' }).click();
  await expect(toast(page, 'fake_device_0 is connected. Please click "Record Now" Button.')).toBeVisible();
  await settle(page);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(IPREP);
  await settle(page);
  await page.getByText('5 stars').click({ force: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
  await settle(page);
});

test('a favicon is served, as the page links it and at /favicon.ico', async ({ page, request }) => {
  await page.goto(`/invite/${SAMPLE_ID}`);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  const linked = await request.get(href ?? '/missing-icon');
  expect(linked.status()).toBe(200);
  expect(linked.headers()['content-type']).toContain('image/svg+xml');
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\//);
});

test('the watch catches a refused eval, as zod’s probe was before it was turned off', async ({ page, problems }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A string timer is compiled later, by the page itself, so the page's policy judges it (code
  // run by the test directly is exempt): refused as eval, like zod's `new Function('')` probe.
  await page.evaluate(() => setTimeout('void 0'));
  await expect.poll(() => problems.join('\n')).toContain('Content Security Policy violation: script-src refused eval');
  // Seen (Chromium also logs the refusal itself), so this test has proved the watch; nothing else
  // may have gone wrong.
  expect(problems.filter((problem) => !/unsafe-eval|refused eval/.test(problem))).toEqual([]);
  problems.length = 0;
});

test('the watch catches a read the page cancels while it stays where it is', async ({
  page,
  problems,
  endOfTestJudgements,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The read is held until the page has sent it, then cancelled with no change of address: what a
  // screen that drops its own load for no reason would do.
  let sent!: () => void;
  const isSent = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route('**/api/health', () => sent());
  const cancelled = page.evaluate(() => {
    const controller = new AbortController();
    (window as unknown as { cancelRead: () => void }).cancelRead = () => controller.abort();
    return fetch('/api/health', { signal: controller.signal }).then(
      () => 'answered',
      () => 'cancelled',
    );
  });
  await isSent;
  await page.evaluate(() => (window as unknown as { cancelRead: () => void }).cancelRead());
  expect(await cancelled).toBe('cancelled');
  await expect
    .poll(() => {
      for (const judge of endOfTestJudgements) judge();
      return problems.join('\n');
    })
    .toMatch(/request failed: GET \S+\/api\/health net::ERR_ABORTED/);
  // Seen, so this test has proved the watch; nothing else may have gone wrong.
  expect(problems.filter((problem) => !problem.includes('/api/health'))).toEqual([]);
  problems.length = 0;
});
