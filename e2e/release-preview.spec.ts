import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, ADMIN_TOKEN, expect, fillConfirmationForm, refusedRequest, SAMPLE_ID, test } from './fixtures.ts';
import { addReviewer, signInHereByKeyboard } from './review-helpers.ts';
import { buildRemoteVariant } from './support/build-remote.ts';
import { tabToShownFocus } from './support/keyboard.ts';
import { startProductServer } from './support/product-server.ts';

// A server of its own, since its releases change what its candidates get, and a build of its own.
test.describe.configure({ timeout: 180_000 });

const LIVE = 'Section 1: Problem Solving';
const NEXT = 'Section 1: Problem Solving, next version';
const PREVIEWER = { ...ADA, fullName: 'Pat Previewer', email: 'pat@quiz-team.example' };

test('a preview link opens a quiz version no candidate has yet, for its holder only; an altered one opens nothing; the review page never lists its session', async ({
  page,
  browser,
  watchPage,
  allowProblem,
}) => {
  // The altered link's check, answered "not a link".
  allowProblem(refusedRequest('/api/release-previews/', 404));
  const variant = await buildRemoteVariant('remote-quiz', { from: LIVE, to: NEXT });
  const server = await startProductServer(ADMIN_TOKEN);
  try {
    const key = await server.addReleaseKey('quiz', 'quiz CI');
    const held = await server.release(key, 'quiz', '--dist', variant, '--label', 'next', '--hold');
    expect(held.code, held.output).toBe(0);
    expect(held.output).toContain('Live for nobody yet');
    const version = /Released and checked: quiz (\S+)/.exec(held.output)?.[1] as string;
    const given = await server.release(key, 'preview', 'quiz', version);
    expect(given.code, given.output).toBe(0);
    const token = /\/preview\/(pv_[A-Za-z0-9_-]+)/.exec(given.output)?.[1] as string;
    expect(token, given.output).toBeDefined();

    // The section team's member opens the link and, by keyboard, the sample test: the new quiz.
    await page.goto(`${server.origin}/preview/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Preview of / })).toBeVisible();
    await expect(page.getByText(`Version ${version}, until`)).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await tabToShownFocus(page, page.getByRole('link', { name: 'Open the sample test' }));
    // A link to another page: the focus goes with the page, as it should.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${server.origin}/invite/${SAMPLE_ID}`);
    await fillConfirmationForm(page, PREVIEWER);
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(page.getByRole('heading', { level: 1, name: NEXT })).toBeVisible();

    // A candidate meanwhile, in a browser of their own, gets the live quiz; the link altered by
    // one letter opens nothing for them.
    const context = await browser.newContext();
    try {
      const candidate = await context.newPage();
      await watchPage(candidate);
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      await candidate.goto(`${server.origin}/preview/${altered}`);
      await expect(candidate.getByRole('heading', { level: 1, name: 'Preview link not valid' })).toBeVisible();
      await expect(candidate.getByText('Nothing was opened.')).toBeVisible();
      expect(await seriousAccessibilityViolations(candidate)).toEqual([]);
      await candidate.goto(`${server.origin}/invite/${SAMPLE_ID}`);
      await fillConfirmationForm(candidate, ADA);
      await candidate.getByRole('button', { name: 'Agree & start' }).click();
      await expect(candidate.getByRole('heading', { level: 1, name: LIVE, exact: true })).toBeVisible();
    } finally {
      await context.close();
    }

    // The company's admin lists the sample test's candidates: Ada, and never the preview.
    const sample = getTest(SAMPLE_ID) as TestDefinition;
    await page.goto(`${server.origin}/review/`);
    await signInHereByKeyboard(page, addReviewer(companyIdOf(sample), 'Kim Keys', 'admin', server.dataDir));
    await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
    // Neither sent anything yet: the list holds such candidates once asked to.
    await page.goto(`${server.origin}/review/tests/${SAMPLE_ID}?silent=include`);
    const names = page.getByRole('table', { name: /Candidates/ }).locator('tbody th a');
    await expect(names).toHaveText([ADA.fullName]);
    await expect(page.getByText(PREVIEWER.fullName)).toHaveCount(0);
  } finally {
    await server.stop();
  }
});
