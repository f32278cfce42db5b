import type { APIRequestContext } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  signIn,
  signInReviewer,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

/** A company no other spec touches: its candidate list is this spec's alone. */
const DRIFTMARK = { companyId: 'driftmark-wallet', testId: 'xczyr4vm' };

const anchors = { one: 'Off the point', three: 'Sound', five: 'Insightful' };

/** A reviewer's rating of a candidate, given through the API as the candidate's page gives it. */
async function rate(
  request: APIRequestContext,
  csrfToken: string,
  sessionId: string,
  reasoning: number,
  recommendation: string,
): Promise<void> {
  const response = await request.put(`/api/review/candidates/${sessionId}/ratings/mine`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { rubricVersion: 1, scores: [reasoning, null], recommendation },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a reviewer chooses candidates in the list and compares them side by side, by keyboard alone', async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const reviewer = addReviewer(DRIFTMARK.companyId, 'Cora Comparer', undefined, ownServer.dataDir);
  // Names of this run only, should the database outlive a run.
  const run = Date.now().toString(36);
  const names = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery'].map((first) => `${first} Compared ${run}`);
  const sessionIds: string[] = [];
  for (const [index, fullName] of names.entries()) {
    const candidate = await registerCandidate(request, DRIFTMARK.testId, { fullName, name: fullName });
    await submitAnswers(request, candidate, [
      `<p>First answer of ${fullName}</p>`,
      index === 1 ? '' : '<p>Two</p>',
      '',
    ]);
    sessionIds.push(candidate.sessionId);
  }
  const [averyId = '', , caseyId = ''] = sessionIds;

  // A teammate fixes the rubric and rates Avery and Casey.
  const teammate = await signInReviewer(request, DRIFTMARK.companyId, ownServer.dataDir);
  const rubric = await request.put(`/api/review/tests/${DRIFTMARK.testId}/rubric`, {
    headers: { 'x-csrf-token': teammate },
    data: {
      editedVersion: null,
      criteria: [
        { about: 1, name: 'Reasoning', anchors },
        { about: 'video', name: 'Presence', anchors },
      ],
    },
  });
  expect(rubric.status(), await rubric.text()).toBe(200);
  await rate(request, teammate, averyId, 5, 'strong-yes');
  await rate(request, teammate, caseyId, 2, 'no');

  // By name, so the rows stand in a known order for the keyboard.
  await signIn(page, reviewer, `/review/tests/${DRIFTMARK.testId}?sort=name&order=asc`);
  // The page's reviewer has rated Casey only (with the page's own sign-in and its CSRF token).
  const me = (await (await page.request.get('/api/review/me')).json()) as { csrfToken: string };
  await rate(page.request, me.csrfToken, caseyId, 4, 'yes');
  const table = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(
    page.getByText('Select candidates to compare 2 to 4 of them side by side, or to move them to a stage.'),
  ).toBeVisible();
  const box = (name: string) => table.getByRole('checkbox', { name: `Select ${name}` });
  const [avery, blake, casey, devon, emery] = names as [string, string, string, string, string];
  await expect(box(emery)).toBeVisible();
  for (const [name, key] of [
    [casey, 'Tab'],
    [avery, 'Shift+Tab'],
    [blake, 'Tab'],
    [devon, 'Tab'],
    [emery, 'Tab'],
  ] as const) {
    await tabToShownFocus(page, box(name), key);
    await press(page, 'Space');
    await expect(box(name)).toBeChecked();
  }
  // Four fit a screen: with five selected, the page says so and offers no comparison until one is let go.
  await expect(page.getByText('5 candidates selected. Compare at most 4 side by side.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Compare \d candidates$/ })).toHaveCount(0);
  await expect(box(emery)).toBeFocused();
  await press(page, 'Space');
  await expect(box(emery)).not.toBeChecked();
  await tabToShownFocus(page, box(devon), 'Shift+Tab');
  await press(page, 'Space');
  await expect(box(devon)).not.toBeChecked();

  const compare = page.getByRole('link', { name: 'Compare 3 candidates' });
  await tabToShownFocus(page, compare, 'Shift+Tab');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/review\/tests\/xczyr4vm\/compare\?ids=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare candidates' })).toBeFocused();
  const sideBySide = page.getByRole('table', { name: 'Candidates side by side, one column each' });
  // In the order they were chosen.
  await expect(sideBySide.getByRole('columnheader')).toHaveText([casey, avery, blake]);
  const firstQuestion = sideBySide.getByRole('row', { name: /^Question 1/ });
  await expect(firstQuestion.getByRole('cell')).toContainText([
    `First answer of ${casey}`,
    `First answer of ${avery}`,
    `First answer of ${blake}`,
  ]);
  // Scores beside the answers: the team's only where this reviewer rated too, so Avery's stay hidden.
  await expect(firstQuestion.getByRole('list', { name: 'Scores' })).toHaveCount(1);
  await expect(firstQuestion.getByRole('cell').first().getByRole('list', { name: 'Scores' })).toHaveText(
    'Reasoning: you 4, team 3.0 from 2, discuss: 2 points or more apart',
  );
  const recommendation = sideBySide.getByRole('row', { name: /^Recommendation/ }).getByRole('cell');
  await expect(recommendation).toHaveText([
    'You: YesTeam: Split (Yes 1, No 1)',
    `Not rated by you yetRate ${avery} to see the team's.`,
    `Not rated by you yetRate ${blake} to see the team's.`,
  ]);
  await expect(sideBySide.getByRole('row', { name: /^Question 2/ }).getByRole('cell')).toHaveText([
    'Two',
    'Two',
    'No answer.',
  ]);
  const video = sideBySide.getByRole('row', { name: /^Video/ }).getByRole('cell');
  await expect(video).toContainText(['None yet', 'None yet', 'None yet']);
  await expect(video.first().getByRole('list', { name: 'Scores' })).toHaveText('Presence: you none, team none yet');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Each name leads to that candidate's own page.
  await tabToShownFocus(page, sideBySide.getByRole('link', { name: avery, exact: true }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: avery })).toBeFocused();
  // The page has what the stage form asks for apart (the company's stage reasons): going back now
  // cuts off no request under way.
  await expect(
    page.getByText('No reasons to choose from yet', { exact: false }).or(page.getByLabel('Reason (optional)')),
  ).toBeVisible();

  // An unrated candidate's link lands on their ratings, ready to rate.
  await page.goBack();
  await tabToShownFocus(page, sideBySide.getByRole('link', { name: `Rate ${avery}` }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Ratings' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: avery })).toBeVisible();

  // An address that names one candidate says what to do.
  await page.goto(`/review/tests/${DRIFTMARK.testId}/compare?ids=only-one`);
  await expect(page.getByRole('alert')).toHaveText('Choose 2 to 4 candidates in the list to compare them.');
});
