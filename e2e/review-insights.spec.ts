import fs from 'node:fs';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  sendFeedback,
  signInByKeyboard,
  submitAnswers,
  test,
} from './review-helpers.ts';
import { press, tabTo, tabToShownFocus, type } from './support/keyboard.ts';

/** The one test of a company no other spec uses, so that its counts are this spec's alone. */
const TEST_ID = '6dhiwn6k';
const COMPANY = 'ashvelde-advisory';
const DAY_MS = 86_400_000;

/** A day as Chromium's date field takes it typed (en-US: month, day, year). */
const typedDay = (at: number) => {
  const [year, month, day] = new Date(at).toISOString().slice(0, 10).split('-');
  return `${month}${day}${year}`;
};

test('an admin reads the pipeline by keyboard: the funnel, another period, a chart’s table and its CSV', async ({
  page,
  request,
}) => {
  // Six candidates by the open link, all with final answers, five with feedback: set up through the API.
  for (let index = 0; index < 6; index += 1) {
    const candidate = await registerCandidate(request, TEST_ID);
    await submitAnswers(request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
    if (index < 5) await sendFeedback(request, candidate, 'Fair.', 3);
  }
  await signInByKeyboard(page, addReviewer(COMPANY));

  await tabToShownFocus(page, page.getByRole('link', { name: 'Insights' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights: all your tests' })).toBeFocused();
  // The charts are a chunk of their own, drawn within the product's CSP: any refusal fails the test.
  const openLink = page.getByRole('table', { name: 'The open link' });
  const row = (name: string) => openLink.getByRole('row', { name: new RegExp(`^${name} (\\d|fewer)`) });
  await expect(row('Registered')).toContainText('6');
  await expect(row('Finished the quiz')).toContainText('6');
  await expect(row('Sent feedback')).toContainText('5');
  await expect(row('Finished')).toContainText('fewer than 5');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Another period: the two days before today hold none of these candidates.
  const now = Date.now();
  await tabToShownFocus(page, page.getByLabel('First day (UTC)'));
  await type(page, typedDay(now - 2 * DAY_MS));
  await tabTo(page, page.getByLabel('Last day (UTC)'));
  await type(page, typedDay(now - DAY_MS));
  await tabToShownFocus(page, page.getByRole('button', { name: 'Show' }));
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/review\/insights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(row('Registered')).toContainText('fewer than 5');
  // Back to the default period, as the browser's Back button goes.
  await page.goBack();
  await expect(row('Registered')).toContainText('6');

  // The chart's table is reached by keyboard, then its CSV holds the same figures.
  const region = page.getByRole('region', { name: 'The open link, table' });
  await tabToShownFocus(page, region);
  const shown = await openLink
    .getByRole('row')
    .evaluateAll((rows) => rows.map((tableRow) => Array.from(tableRow.children, (cell) => cell.textContent ?? '')));
  await tabToShownFocus(page, page.getByRole('button', { name: 'Download CSV: The open link' }));
  const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'Enter')]);
  expect(download.suggestedFilename()).toMatch(/^insights-all-tests-.*-funnel-open-link\.csv$/);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  const quoted = (cell: string) => (cell.includes(',') ? `"${cell}"` : cell);
  expect(csv.trim().split('\r\n')).toEqual(shown.map((cells) => cells.map(quoted).join(',')));
  expect(csv).toContain('Registered,6,');
});
