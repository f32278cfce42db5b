import { agreeAndStart, expect, failedRequest, SAMPLE_ID, test } from './fixtures.ts';

test('a section that fails to load shows a message and Retry, and keeps saved data', async ({ page, allowProblem }) => {
  // The feedback remote (its entry, and the manifest the prefetch reads) is unreachable until the
  // test lets it through; the shell logs each failed load.
  allowProblem(failedRequest('/remotes/feedback/', 'net::ERR_CONNECTION_REFUSED'));
  allowProblem(/^console error: Could not load remoteFeedback /);
  await agreeAndStart(page);
  await page.evaluate(() => {
    localStorage.setItem('answers', JSON.stringify(['<p>kept</p>', '', '']));
    localStorage.setItem('VideoRecorded', 'true');
  });

  let refused = 0;
  await page.route('**/remotes/feedback/**', (route) => {
    refused += 1;
    return route.abort('connectionrefused');
  });
  await page.goto(`/invite/${SAMPLE_ID}/iprep`);
  const problem = page.locator('.section-problem');
  await expect(problem).toContainText('This section could not be loaded.', { timeout: 30_000 });
  await expect(problem).toContainText('saved in this browser');
  const refusedBeforeRetry = refused;
  await page.getByRole('button', { name: 'Retry' }).click();
  // The problem is on screen before and after the retry; only a new refused request proves the retry ran.
  await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(refusedBeforeRetry);
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();

  await page.unroute('**/remotes/feedback/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(problem).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/iprep`);
  expect(await page.evaluate(() => localStorage.getItem('answers'))).toBe(JSON.stringify(['<p>kept</p>', '', '']));
});

test('remote locations come from remotes.json at run time', async ({ page }) => {
  await agreeAndStart(page);
  // The feedback section opens only after a video; pretend one was recorded.
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  // The quiz's route loads whatever remotes.json names for the quiz: here the live feedback release.
  await page.route('**/remotes.json', async (route) => {
    const live = (await (await route.fetch()).json()) as Record<string, string>;
    await route.fulfill({ json: { ...live, remoteQuiz: live.remoteFeedback } });
  });
  await page.goto(`/invite/${SAMPLE_ID}/quiz`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Interview Preparation');
});
