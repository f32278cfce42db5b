import { SECTIONS, type Section } from '@assessment/core';
import { remoteMountPath } from '@assessment/core/deploy';
import type { Page } from '@playwright/test';
import { ADA, agreeAndStart, expect, failedRequest, fillConfirmationForm, SAMPLE_ID, test } from './fixtures.ts';
import { IPREP, VINTRO } from './video-helpers.ts';

function section(id: string): Section {
  const found = SECTIONS.byId(id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

/** The entry of the section's live release, whichever version it is (`/remotes/<section>/<version>/`). */
const entryOf = (id: string) => `**${remoteMountPath(section(id))}*/remoteEntry.js`;

/**
 * Waits for the next section's remote entry to be fetched while the candidate stays on the
 * current page: nothing is clicked, so the request can only come from the prefetch.
 */
async function expectEntryFetchedFrom(page: Page, nextId: string, onPage: string): Promise<void> {
  const request = await page.waitForRequest(entryOf(nextId), { timeout: 20_000 });
  // A prefetch, not a load: the browser marks it so, and nothing of it runs on this page.
  expect(await request.headerValue('sec-purpose')).toBe('prefetch');
  await expect(page).toHaveURL(onPage);
}

test('the next section is fetched while the candidate is still on the page before it', async ({ page }) => {
  const landing = `/invite/${SAMPLE_ID}`;
  const fromLanding = expectEntryFetchedFrom(page, 'quiz', landing);
  await page.goto(landing);
  await fromLanding;

  await fillConfirmationForm(page, ADA);
  const fromQuiz = expectEntryFetchedFrom(page, 'video', `/invite/${SAMPLE_ID}/quiz`);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Section 1: Problem Solving' })).toBeVisible();
  await fromQuiz;

  const fromVideo = expectEntryFetchedFrom(page, 'feedback', VINTRO);
  await page.goto(VINTRO);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Introduction' })).toBeVisible();
  await fromVideo;
});

test('a prefetch that fails leaves the section to load as it would have without one', async ({
  page,
  allowProblem,
}) => {
  allowProblem(failedRequest(remoteMountPath(section('quiz')), 'net::ERR_CONNECTION_REFUSED'));
  // The quiz's remote is unreachable while the candidate reads the landing page...
  await page.route(`**${remoteMountPath(section('quiz'))}**`, (route) => route.abort('connectionrefused'));
  const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/remoteEntry.js'));
  await page.goto(`/invite/${SAMPLE_ID}`);
  await failed;
  await page.unroute(`**${remoteMountPath(section('quiz'))}**`);

  // ...and back when they agree: the quiz opens, with no message and no Retry needed.
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Section 1: Problem Solving' })).toBeVisible();
  await expect(page.locator('.section-problem')).toHaveCount(0);
});

test("the shell's own federation code that fails to load is fetched again by Retry", async ({ page, allowProblem }) => {
  allowProblem(failedRequest('/assets/federation-host-', 'net::ERR_CONNECTION_REFUSED'));
  allowProblem(/^console error: Could not load remoteFeedback /);
  await agreeAndStart(page);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));

  // A fresh page: the federation runtime is not loaded yet, and its file does not arrive, under
  // whatever address it is asked for.
  const federationHost = (url: URL) => url.pathname.includes('/assets/federation-host-');
  await page.route(federationHost, (route) => route.abort('connectionrefused'));
  await page.goto(IPREP);
  const problem = page.locator('.section-problem');
  await expect(problem).toContainText('This section could not be loaded.');

  await page.unroute(federationHost);
  await problem.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  await expect(problem).toHaveCount(0);
});
