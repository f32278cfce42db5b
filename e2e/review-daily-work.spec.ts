import type { Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  signInHereByKeyboard,
  signInReviewer,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches; each test has a server of its own, as it moves candidates. */
const SABLECREST = { companyId: 'sablecrest-otc', testId: '2xh6d29o' };
const LIST = 'Candidates, sorted by the column marked as sorted';

/** Candidates who sent their answers, through the API in one call each; one person registers three times. */
async function candidates(page: Page, run: string) {
  const people = [
    { fullName: `Ines Okafor ${run}`, email: `ines-${run}@mail.example` },
    { fullName: `Hugo Brandt ${run}`, email: `hugo-${run}@mail.example` },
    { fullName: `Gale Moreau ${run}`, email: `gale-${run}@mail.example` },
    { fullName: `Gale Moreau ${run}`, email: ` GALE-${run}@Mail.example` },
    { fullName: `Gale Moreau ${run}`, email: `gale-${run}@mail.example` },
  ];
  const ids: string[] = [];
  for (const person of people) {
    const candidate = await registerCandidate(page.request, SABLECREST.testId, { ...person, name: person.fullName });
    await submitAnswers(page.request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
    ids.push(candidate.sessionId);
  }
  return { people, ids };
}

test('a reviewer searches the list by name or email, sees who registered more than once, and moves the selected candidates to a stage with a reason, by keyboard alone', async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const { people } = await candidates(page, run);
  // The company's reasons, listed by an admin through the API as the stage reasons page lists them.
  const csrfToken = await signInReviewer(request, SABLECREST.companyId, ownServer.dataDir);
  const { stageReasonsVersion } = (await (await request.get('/api/review/company')).json()) as {
    stageReasonsVersion: number;
  };
  const reasons = await request.patch('/api/review/company', {
    headers: { 'x-csrf-token': csrfToken },
    data: { stageReasons: ['Strong written answers', 'Not the experience asked for'], stageReasonsVersion },
  });
  expect(reasons.status(), await reasons.text()).toBe(200);

  await page.goto(`/review/tests/${SABLECREST.testId}`);
  await signInHereByKeyboard(page, addReviewer(SABLECREST.companyId, 'Lise List', 'reviewer', ownServer.dataDir));
  const table = page.getByRole('table', { name: LIST });
  await expect(table.getByRole('row')).toHaveCount(6);
  // The words of the list: the candidate's own feedback, and how each came, as facts, not actions.
  await expect(table.getByRole('columnheader', { name: "Candidate's feedback" })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Came through' })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(people[0]?.fullName ?? '') })).toContainText('Open link');
  // One email, three registrations: each row says so.
  const gale = table.getByRole('row', { name: new RegExp(`Gale Moreau ${run}`) });
  await expect(gale).toHaveCount(3);
  for (const row of await gale.all()) await expect(row).toContainText('Registered 3 times with this email');
  await expect(table.getByRole('row', { name: new RegExp(`Hugo Brandt ${run}`) })).not.toContainText('Registered');

  // Search by a part of the email, in another case.
  const search = page.getByRole('searchbox', { name: 'Search by name or email' });
  await tabToShownFocus(page, search);
  await type(page, `HUGO-${run}`);
  await press(page, 'Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`Hugo Brandt ${run}`);
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`q=HUGO-${run}`));
  // By name, then back to everyone: the field keeps the focus.
  await page.keyboard.press('ControlOrMeta+a');
  await type(page, 'okafor');
  await press(page, 'Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`Ines Okafor ${run}`);
  await tabToShownFocus(page, page.getByRole('button', { name: 'Show everyone' }));
  await press(page, 'Enter');
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Two selected (the list is newest first), moved to Advance with a reason; each row says its new stage.
  for (const name of [`Hugo Brandt ${run}`, `Ines Okafor ${run}`]) {
    const box = table.getByRole('checkbox', { name: `Select ${name}` });
    await tabToShownFocus(page, box);
    await press(page, 'Space');
    await expect(box).toBeChecked();
  }
  const move = page.getByRole('form', { name: 'Move the selected candidates' });
  await tabToShownFocus(page, move.getByLabel('To stage'));
  await page.keyboard.press('ArrowDown');
  await expect(move.getByLabel('To stage')).toHaveValue('advance');
  await tabToShownFocus(page, move.getByLabel('Reason'));
  await page.keyboard.press('ArrowDown');
  await expect(move.getByLabel('Reason')).toHaveValue('Strong written answers');
  await tabToShownFocus(page, move.getByRole('button', { name: 'Move 2 candidates' }));
  await press(page, 'Enter');
  await expect(move.getByRole('status')).toHaveText('2 candidates moved to Advance.');
  await expect(table.getByRole('row', { name: new RegExp(`Ines Okafor ${run}`) })).toContainText('Advance');
  await expect(table.getByRole('row', { name: new RegExp(`Hugo Brandt ${run}`) })).toContainText('Advance');
  await expect(move.getByRole('button', { name: 'Move the selected candidates' })).toBeFocused();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("a reviewer's own task comes first on a candidate's page, and Next and Previous walk the list in its order and filter, by keys the page names", async ({
  page,
  ownServer,
}) => {
  const run = Date.now().toString(36);
  await candidates(page, run);
  const reviewer = addReviewer(SABLECREST.companyId, 'Wim Walker', 'reviewer', ownServer.dataDir);
  // The list by name, A to Z, only those named Moreau: three of them, in start order among equals.
  await page.goto(`/review/tests/${SABLECREST.testId}?sort=name&order=asc&q=moreau`);
  await signInHereByKeyboard(page, reviewer);
  const table = page.getByRole('table', { name: LIST });
  await expect(table.getByRole('row')).toHaveCount(4);
  const links = table.getByRole('link', { name: `Gale Moreau ${run}` });
  const order = await Promise.all((await links.all()).map((link) => link.getAttribute('href')));
  await tabToShownFocus(page, links.first());
  await press(page, 'Enter');

  const heading = page.getByRole('heading', { level: 1, name: `Gale Moreau ${run}` });
  await expect(heading).toBeFocused();
  // Rating is the first part of the page.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Ratings');
  // The candidate's own rating of the assessment is named as theirs, apart from the team's ratings.
  await expect(page.getByRole('heading', { level: 2, name: "Candidate's feedback" })).toBeVisible();
  const walk = page.getByRole('navigation', { name: 'Candidates in the list' });
  await expect(walk).toContainText('Candidate 1 of 3 in the list.');
  await expect(walk).toContainText('Keys: Alt+P previous candidate, Alt+N next candidate.');
  await expect(walk.getByRole('link', { name: 'Previous candidate' })).toHaveCount(0);
  await expect(walk.getByRole('link', { name: 'Next candidate' })).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.keyboard.press('Alt+n');
  await expect(walk).toContainText('Candidate 2 of 3 in the list.');
  await expect(heading).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(order[1]?.split('?')[0]);
  await page.keyboard.press('Alt+n');
  await expect(walk).toContainText('Candidate 3 of 3 in the list.');
  await expect(walk.getByRole('link', { name: 'Next candidate' })).toHaveCount(0);
  // Typing in a field is typing: the keys wait until the reviewer leaves it.
  const note = page.getByLabel('Add a note');
  await tabToShownFocus(page, note);
  await page.keyboard.press('Alt+p');
  await expect(walk).toContainText('Candidate 3 of 3 in the list.');
  await tabToShownFocus(page, walk.getByRole('link', { name: 'Previous candidate' }), 'Shift+Tab');
  await press(page, 'Enter');
  await expect(walk).toContainText('Candidate 2 of 3 in the list.');
  await page.keyboard.press('Alt+p');
  await expect(walk).toContainText('Candidate 1 of 3 in the list.');

  // Back to the list as it was left: sorted and searched.
  await tabToShownFocus(page, walk.getByRole('link', { name: 'Back to the list' }));
  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`/review/tests/${SABLECREST.testId}\\?sort=name&q=moreau$`));
  await expect(table.getByRole('row')).toHaveCount(4);
});
