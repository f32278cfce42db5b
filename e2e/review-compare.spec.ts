import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import { addReviewer, registerCandidate, signIn, submitAnswers, test } from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

/** A company no other spec touches: its candidate list is this spec's alone. */
const DRIFTMARK = { companyId: 'driftmark-wallet', testId: 'xczyr4vm' };

test('a reviewer chooses candidates in the list and compares them side by side, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reviewer = addReviewer(DRIFTMARK.companyId, 'Cora Comparer');
  // Names of this run only, should the database outlive a run.
  const run = Date.now().toString(36);
  const names = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery'].map((first) => `${first} Compared ${run}`);
  for (const [index, fullName] of names.entries()) {
    const candidate = await registerCandidate(request, DRIFTMARK.testId, { fullName, name: fullName });
    await submitAnswers(request, candidate, [
      `<p>First answer of ${fullName}</p>`,
      index === 1 ? '' : '<p>Two</p>',
      '',
    ]);
  }

  // By name, so the rows stand in a known order for the keyboard.
  await signIn(page, reviewer, `/review/tests/${DRIFTMARK.testId}?sort=name&order=asc`);
  const table = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(page.getByText('Tick 2 to 4 candidates to compare them side by side.')).toBeVisible();
  const box = (name: string) => table.getByRole('checkbox', { name: `Compare ${name}` });
  const [avery, blake, casey, devon, emery] = names as [string, string, string, string, string];
  await expect(box(emery)).toBeVisible();
  for (const [name, key] of [
    [casey, 'Tab'],
    [avery, 'Shift+Tab'],
    [blake, 'Tab'],
    [devon, 'Tab'],
  ] as const) {
    await tabToShownFocus(page, box(name), key);
    await press(page, 'Space');
    await expect(box(name)).toBeChecked();
  }
  // Four fit a screen: a fifth cannot be chosen until one is let go.
  await expect(page.getByText('4 of at most 4 candidates chosen to compare.')).toBeVisible();
  await expect(box(emery)).toBeDisabled();
  await expect(box(devon)).toBeFocused();
  await press(page, 'Space');
  await expect(box(devon)).not.toBeChecked();
  await expect(box(emery)).toBeEnabled();

  const compare = page.getByRole('link', { name: 'Compare 3 candidates' });
  await tabToShownFocus(page, compare, 'Shift+Tab');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/review\/tests\/xczyr4vm\/compare\?ids=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare candidates' })).toBeFocused();
  const sideBySide = page.getByRole('table', { name: 'Candidates side by side, one column each' });
  // In the order they were chosen.
  await expect(sideBySide.getByRole('columnheader')).toHaveText([casey, avery, blake]);
  const firstQuestion = sideBySide.getByRole('row', { name: /^Question 1/ });
  await expect(firstQuestion.getByRole('cell')).toHaveText([
    `First answer of ${casey}`,
    `First answer of ${avery}`,
    `First answer of ${blake}`,
  ]);
  await expect(sideBySide.getByRole('row', { name: /^Question 2/ }).getByRole('cell')).toHaveText([
    'Two',
    'Two',
    'No answer.',
  ]);
  await expect(sideBySide.getByRole('row', { name: /^Video/ }).getByRole('cell')).toHaveText([
    'None yet',
    'None yet',
    'None yet',
  ]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Each name leads to that candidate's own page.
  await tabToShownFocus(page, sideBySide.getByRole('link', { name: avery }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: avery })).toBeFocused();

  // An address that names one candidate says what to do.
  await page.goto(`/review/tests/${DRIFTMARK.testId}/compare?ids=only-one`);
  await expect(page.getByRole('alert')).toHaveText('Choose 2 to 4 candidates in the list to compare them.');
});
