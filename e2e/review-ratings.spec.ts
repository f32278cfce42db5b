import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import {
  addReviewer,
  type Reviewer,
  registerCandidate,
  sendFeedback,
  signIn,
  signInReviewer,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/**
 * A company no other spec touches, on a server of the test's own: a rubric's first version and
 * blind review are made once, so each attempt starts from a company that has neither.
 */
const WRENFIELD = { companyId: 'wrenfield-finance', testId: '3vjmqzmj' };

/** Fills one criterion's fields in the order the form shows them, each reached by Tab. */
async function writeCriterion(page: Page, criterion: Locator, name: string, anchors: [string, string, string]) {
  await tabToShownFocus(page, criterion.getByLabel('Name'));
  await type(page, name);
  for (const [label, words] of [
    ['What a 1 looks like', anchors[0]],
    ['What a 3 looks like', anchors[1]],
    ['What a 5 looks like', anchors[2]],
  ] as const) {
    await tabToShownFocus(page, criterion.getByLabel(label));
    await type(page, words);
  }
}

/** Scores a group of radios by keyboard: Tab into it, Space on the first (1), then an arrow per point more. */
async function score(page: Page, group: Locator, points: number) {
  await tabToShownFocus(page, group.getByRole('radio').first());
  await press(page, 'Space');
  for (let more = 1; more < points; more += 1) await press(page, 'ArrowRight');
  await expect(group.getByRole('radio', { checked: true })).toHaveCount(1);
}

/**
 * A reviewer's own rating of the candidate, given by keyboard alone on the candidate's page; the
 * video's criterion left to wait where `communication` is null.
 */
async function rate(page: Page, [reasoning, communication]: [number, number | null], recommendation: number) {
  const ratings = page.locator('#ratings');
  await expect(ratings.getByText("Your teammates' ratings show here once you have given yours.")).toBeVisible();
  await expect(ratings.getByRole('table')).toHaveCount(0);
  await score(page, ratings.getByRole('group', { name: 'Reasoning (Question 1)' }), reasoning);
  if (communication !== null) {
    await score(page, ratings.getByRole('group', { name: 'Communication (Video introduction)' }), communication);
  }
  await score(page, ratings.getByRole('group', { name: 'Recommendation' }), recommendation);
  await tabToShownFocus(page, ratings.getByRole('button', { name: 'Submit my ratings' }));
  await press(page, 'Enter');
  await expect(ratings.getByRole('status')).toHaveText('Your ratings are saved.');
}

async function signInAs(page: Page, reviewer: Reviewer, path: string) {
  await signIn(page, reviewer, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('an admin fixes a rubric and turns on blind review; two reviewers rate one candidate, each blind to who they are and to the other, then see the spread, by keyboard alone', async ({
  page,
  browser,
  request,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const admin = addReviewer(WRENFIELD.companyId, 'Ada Admin', 'admin', ownServer.dataDir);
  const rob = addReviewer(WRENFIELD.companyId, 'Rob Rater', 'reviewer', ownServer.dataDir);
  const ria = addReviewer(WRENFIELD.companyId, 'Ria Rater', 'reviewer', ownServer.dataDir);
  const run = Date.now().toString(36);
  const name = `Kit Rated ${run}`;
  const email = `kit-${run}@mail.example`;
  const candidate = await registerCandidate(request, WRENFIELD.testId, { fullName: name, name, email });
  await submitAnswers(request, candidate, ['<p>Costs fell 4%</p>', '<p>Two</p>', '<p>Three</p>']);
  // The candidate's feedback sends them their receipt: a message the company's home page lists.
  await sendFeedback(request, candidate, 'Fair questions', 4);

  // 1. The admin writes the rubric on the test's page.
  await signInAs(page, admin, `/review/tests/${WRENFIELD.testId}/settings`);
  const rubric = page.getByRole('region', { name: 'Rubric' });
  await expect(rubric.getByText('No rubric yet: a company admin writes one here before the team rates.')).toBeVisible();
  const write = rubric.getByText('Write the rubric');
  await tabToShownFocus(page, write);
  await press(page, 'Enter');
  const first = rubric.getByRole('group', { name: 'Criterion 1' });
  await expect(first.getByLabel('About')).toHaveValue('1');
  await writeCriterion(page, first, 'Reasoning', ['No reasons', 'Some reasons', 'Reasons with figures']);
  await tabToShownFocus(page, rubric.getByRole('button', { name: 'Add a criterion' }));
  await press(page, 'Enter');
  const second = rubric.getByRole('group', { name: 'Criterion 2' });
  // The new criterion's first field has the focus; three arrow presses reach the video.
  await expect(second.getByLabel('About')).toBeFocused();
  for (let presses = 0; presses < 3; presses += 1) await press(page, 'ArrowDown');
  await expect(second.getByLabel('About')).toHaveValue('video');
  await tabToShownFocus(page, second.getByLabel('Name'));
  await type(page, 'Communication');
  // Saved too early: the first empty field is named and takes the focus.
  await tabToShownFocus(page, rubric.getByRole('button', { name: 'Save rubric' }));
  await press(page, 'Enter');
  await expect(rubric.getByRole('alert')).toHaveText('Criterion 2: fill in every field.');
  await expect(second.getByLabel('What a 1 looks like')).toBeFocused();
  await type(page, 'Hard to follow');
  await tabToShownFocus(page, second.getByLabel('What a 3 looks like'));
  await type(page, 'Clear');
  await tabToShownFocus(page, second.getByLabel('What a 5 looks like'));
  await type(page, 'Clear and engaging');
  await tabToShownFocus(page, rubric.getByRole('button', { name: 'Save rubric' }));
  await press(page, 'Enter');
  await expect(rubric.getByRole('status')).toHaveText('Rubric saved: version 1.');
  await expect(rubric.getByRole('listitem')).toHaveText([
    'Reasoning (Question 1): 1 No reasons; 3 Some reasons; 5 Reasons with figures',
    'Communication (Video introduction): 1 Hard to follow; 3 Clear; 5 Clear and engaging',
  ]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const blindReview = page.getByLabel('Hide who each candidate is until the reviewer has rated them');
  await tabToShownFocus(page, blindReview, 'Shift+Tab');
  await press(page, 'Space');
  await expect(page.getByRole('region', { name: 'Blind review' }).getByRole('status')).toHaveText(
    'Blind review is now on.',
  );
  await expect(blindReview).toBeChecked();

  // 2. Two reviewers rate the candidate, each in their own browser, each blind to the other.
  await page.context().clearCookies();
  await signInAs(page, rob, `/review/candidates/${candidate.sessionId}`);
  // Blind: a code, not a name, and no video, until Rob has rated the written answers.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Candidate [0-9A-F]{4}$/);
  const code = await heading.textContent();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.locator('#video')).toContainText('Hidden in blind review');
  // The settings' list of emails names Kit's receipt by the same code, never by the email.
  await page.goto('/review/settings/emails');
  const messages = page.getByRole('table', { name: 'Emails and webhooks, newest first' });
  await expect(messages.getByRole('row', { name: /Receipt of a finished assessment/ })).toContainText(code ?? '');
  await expect(messages).not.toContainText(email);
  await page.goto(`/review/candidates/${candidate.sessionId}`);
  await expect(heading).toHaveText(code ?? '');
  // The video is hidden from Rob, so its criterion cannot be scored yet: the page says so, and
  // Tab passes its radios by.
  const communication = page.locator('#ratings').getByRole('group', { name: 'Communication (Video introduction)' });
  await expect(communication).toHaveAccessibleDescription(/Blind review hides the video from you/);
  for (const radio of await communication.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await rate(page, [5, null], 4);
  await expect(heading).toHaveText(name);
  const robsTable = page.locator('#ratings').getByRole('table', { name: "The team's ratings" });
  await expect(robsTable.getByRole('row', { name: /Reasoning/ })).toHaveText(/5\.0\s*0\s*1\s*No/);
  // Rated, Rob sees the video, and adds its score: back up to its group, which Shift+Tab enters at its last radio.
  await expect(page.locator('#video')).not.toContainText('Hidden in blind review');
  await tabToShownFocus(page, communication.getByRole('radio', { name: '5' }), 'Shift+Tab');
  await press(page, 'Space');
  await press(page, 'ArrowLeft');
  await expect(communication.getByRole('radio', { name: '4' })).toBeChecked();
  await tabToShownFocus(page, page.locator('#ratings').getByRole('button', { name: 'Update my ratings' }));
  await press(page, 'Enter');
  await expect(robsTable.getByRole('row', { name: /Communication/ })).toHaveText(/4\.0\s*0\s*1\s*No/);

  const riasContext = await browser.newContext();
  const riasPage = await riasContext.newPage();
  try {
    await signInAs(riasPage, ria, `/review/candidates/${candidate.sessionId}`);
    await expect(riasPage.getByRole('heading', { level: 1 })).toHaveText(code ?? '');
    await expect(riasPage.locator('#ratings').getByText('Rob Rater')).toHaveCount(0);
    // Ria chooses to see whom she reviews first: one click, on the company's record.
    await tabToShownFocus(riasPage, riasPage.getByRole('button', { name: 'Show who this candidate is' }));
    await press(riasPage, 'Enter');
    await expect(riasPage.getByRole('heading', { level: 1 })).toHaveText(name);
    // The button is gone with the blindness; the heading that now names the candidate has the focus.
    await expect(riasPage.getByRole('heading', { level: 1 })).toBeFocused();
    await rate(riasPage, [2, 4], 2);

    // 3. Both see each criterion's mean and spread; three points apart is marked for discussion.
    const table = riasPage.locator('#ratings').getByRole('table', { name: "The team's ratings" });
    await expect(table.getByRole('row', { name: /Reasoning/ })).toHaveText(
      /Reasoning \(Question 1\)\s*3\.5\s*3\s*2\s*Discuss: 2 points or more apart/,
    );
    await expect(table.getByRole('row', { name: /Communication/ })).toHaveText(/4\.0\s*0\s*2\s*No/);
    await expect(
      riasPage.getByRole('list', { name: "Each reviewer's recommendation" }).getByRole('listitem'),
    ).toHaveText([
      /^Rob Rater \(.+\): Strong yes, rubric version 1 \(Reasoning 5, Communication 4\)/,
      /^Ria Rater \(.+\): No, rubric version 1 \(Reasoning 2, Communication 4\)/,
    ]);
    expect(await seriousAccessibilityViolations(riasPage)).toEqual([]);
  } finally {
    await riasContext.close();
  }
  await page.reload();
  await expect(
    page
      .locator('#ratings')
      .getByRole('table', { name: "The team's ratings" })
      .getByRole('row', { name: /Reasoning/ }),
  ).toContainText('Discuss');

  // 4. The list shows the team's rating to a reviewer who has rated, and sorts and filters by it:
  // Rob's mean 4.5 and Ria's 3 make 3.8; a strong yes and a no are one on each side, a split vote.
  await page.goto(`/review/tests/${WRENFIELD.testId}`);
  const list = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(list.getByRole('row', { name })).toContainText('3.8 of 5; Split (Strong yes 1, No 1)');
  await tabToShownFocus(page, list.getByRole('button', { name: 'Team rating' }));
  // The sorted list is in before the first filter, which would cancel it still under way.
  const sorted = page.waitForResponse(
    (response) => response.url().includes('/candidates?') && response.url().includes('sort=score'),
  );
  await press(page, 'Enter');
  await expect(page).toHaveURL(/sort=score/);
  await sorted;
  const recommends = page.getByLabel('Team recommends');
  // The filter says how the team's recommendation is summed up, read with it.
  await expect(recommends).toHaveAccessibleDescription(/^The team recommends Yes when more of its ratings say yes/);
  await tabToShownFocus(page, recommends, 'Shift+Tab');
  for (const [choice, rows] of [
    ['yes', 0],
    ['no', 0],
    ['split', 1],
  ] as const) {
    // Each choice's list is in before the next: a newer choice cancels the list still under way.
    const listed = page.waitForResponse(
      (response) => response.url().includes('/candidates?') && response.url().includes(`recommendation=${choice}`),
    );
    await press(page, 'ArrowDown');
    await expect(page).toHaveURL(new RegExp(`recommendation=${choice}`));
    await listed;
    await expect(list.getByRole('row', { name })).toHaveCount(rows);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

const anchors = { one: 'Off the point', three: 'Sound', five: 'Insightful' };
const reasoning = { about: 1, name: 'Reasoning', anchors };
const clarity = { about: 2, name: 'Clarity', anchors };

/** A rubric saved by another admin, through the API as the test's page saves it. */
async function saveRubric(
  request: APIRequestContext,
  csrfToken: string,
  editedVersion: number | null,
  criteria: object[],
): Promise<void> {
  const response = await request.put(`/api/review/tests/${WRENFIELD.testId}/rubric`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { editedVersion, criteria },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a reviewer whose rubric changed as they rated is told so, keeps the scores that still mean the same, and rates again, by keyboard alone', async ({
  page,
  request,
  ownServer,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(refusedRequest('/ratings/mine', 409));
  const admin = await signInReviewer(request, WRENFIELD.companyId, ownServer.dataDir);
  await saveRubric(request, admin, null, [reasoning, clarity]);
  const reviewer = addReviewer(WRENFIELD.companyId, 'Rob Rater', 'reviewer', ownServer.dataDir);
  const candidate = await registerCandidate(request, WRENFIELD.testId);
  await submitAnswers(request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);

  await signInAs(page, reviewer, `/review/candidates/${candidate.sessionId}`);
  const ratings = page.locator('#ratings');
  await score(page, ratings.getByRole('group', { name: 'Reasoning (Question 1)' }), 5);
  await score(page, ratings.getByRole('group', { name: 'Clarity (Question 2)' }), 2);
  await score(page, ratings.getByRole('group', { name: 'Recommendation' }), 3);

  // Before Rob submits, an admin moves Clarity first and renames Reasoning: Rob's 5 was for the
  // Reasoning he read, and Clarity is still the criterion he gave 2.
  const renamed = { ...reasoning, name: 'Reasoning with figures' };
  await saveRubric(request, admin, 1, [clarity, renamed]);
  await tabToShownFocus(page, ratings.getByRole('button', { name: 'Submit my ratings' }));
  await press(page, 'Enter');

  const notice = ratings.getByRole('alert');
  await expect(notice).toHaveText(
    'The rubric changed while you were rating: read it again, then rate. Your ratings were not saved. ' +
      'Your scores for the 1 criterion that did not change and your recommendation are kept: check them, score the rest, then submit again.',
  );
  await expect(notice).toBeFocused();
  // The new rubric's form: Clarity keeps its 2 wherever it stands now, the renamed criterion waits.
  await expect(ratings.getByRole('group')).toHaveCount(3);
  await expect(ratings.getByRole('group').first()).toHaveAccessibleName('Clarity (Question 2)');
  await expect(
    ratings.getByRole('group', { name: 'Clarity (Question 2)' }).getByRole('radio', { name: '2' }),
  ).toBeChecked();
  const renamedGroup = ratings.getByRole('group', { name: 'Reasoning with figures (Question 1)' });
  await expect(renamedGroup.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(
    ratings.getByRole('group', { name: 'Recommendation' }).getByRole('radio', { name: 'Yes', exact: true }),
  ).toBeChecked();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await score(page, renamedGroup, 4);
  await tabToShownFocus(page, ratings.getByRole('button', { name: 'Submit my ratings' }));
  await press(page, 'Enter');
  await expect(ratings.getByRole('status')).toHaveText('Your ratings are saved.');
  await expect(notice).toHaveCount(0);
  const table = ratings.getByRole('table', { name: "The team's ratings" });
  await expect(table.getByRole('row', { name: /Clarity/ })).toHaveText(/2\.0\s*0\s*1\s*No/);
  await expect(table.getByRole('row', { name: /Reasoning with figures/ })).toHaveText(/4\.0\s*0\s*1\s*No/);
});

/** Signs `reviewer` in on `request` through the API, as the review page does; the CSRF token every change needs. */
async function signInOnApi(request: APIRequestContext, reviewer: Reviewer): Promise<string> {
  const signedIn = await request.post('/api/review/sign-in', {
    data: { email: reviewer.email, password: reviewer.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(204);
  return ((await (await request.get('/api/review/me')).json()) as { csrfToken: string }).csrfToken;
}

/** A rating given through the API, as the candidate's page gives it. */
async function rateOnApi(
  request: APIRequestContext,
  csrfToken: string,
  sessionId: string,
  rating: { rubricVersion: number; scores: (number | null)[]; recommendation: string },
): Promise<void> {
  const response = await request.put(`/api/review/candidates/${sessionId}/ratings/mine`, {
    headers: { 'x-csrf-token': csrfToken },
    data: rating,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a reviewer who rated under an older rubric finds their scores kept and only scores what is new, and the team table names each version’s criteria, by keyboard alone', async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const admin = await signInReviewer(request, WRENFIELD.companyId, ownServer.dataDir);
  await saveRubric(request, admin, null, [reasoning, clarity]);
  const candidate = await registerCandidate(request, WRENFIELD.testId);
  await submitAnswers(request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
  const ria = addReviewer(WRENFIELD.companyId, 'Ria Rater', 'reviewer', ownServer.dataDir);
  await rateOnApi(request, await signInOnApi(request, ria), candidate.sessionId, {
    rubricVersion: 1,
    scores: [2, 4],
    recommendation: 'no',
  });
  const rob = addReviewer(WRENFIELD.companyId, 'Rob Rater', 'reviewer', ownServer.dataDir);
  await rateOnApi(request, await signInOnApi(request, rob), candidate.sessionId, {
    rubricVersion: 1,
    scores: [5, 3],
    recommendation: 'yes',
  });
  // Version 2 adds a criterion and keeps the two others as they were.
  const depth = { about: 3, name: 'Depth', anchors };
  await saveRubric(request, await signInReviewer(request, WRENFIELD.companyId, ownServer.dataDir), 1, [
    reasoning,
    clarity,
    depth,
  ]);

  await signInAs(page, rob, `/review/candidates/${candidate.sessionId}`);
  const ratings = page.locator('#ratings');
  await expect(ratings.getByText('You rated under version 1 of the rubric; it is at version 2 now.')).toBeVisible();
  await expect(
    ratings.getByRole('group', { name: 'Reasoning (Question 1)' }).getByRole('radio', { name: '5' }),
  ).toBeChecked();
  await expect(
    ratings.getByRole('group', { name: 'Clarity (Question 2)' }).getByRole('radio', { name: '3' }),
  ).toBeChecked();
  const depthGroup = ratings.getByRole('group', { name: 'Depth (Question 3)' });
  await expect(depthGroup.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(
    ratings.getByRole('group', { name: 'Recommendation' }).getByRole('radio', { name: 'Yes', exact: true }),
  ).toBeChecked();
  const table = ratings.getByRole('table', { name: "The team's ratings" });
  await expect(table.getByRole('row')).toHaveText([
    /^Criterion/,
    /^Reasoning \(Question 1\)\s*3\.5\s*3\s*2\s*Discuss/,
    /^Clarity \(Question 2\)\s*3\.5\s*1\s*2\s*No$/,
    /^Depth \(Question 3\)\s*None yet\s*0\s*0\s*No$/,
  ]);
  const each = ratings.getByRole('list', { name: "Each reviewer's recommendation" }).getByRole('listitem');
  await expect(each).toHaveText([
    /^Ria Rater \(.+\): No, rubric version 1 \(Reasoning 2, Clarity 4\)/,
    /^Rob Rater \(.+\): Yes, rubric version 1 \(Reasoning 5, Clarity 3\)/,
  ]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Rob scores only the new criterion, and updates his ratings to version 2.
  await score(page, depthGroup, 4);
  await tabToShownFocus(page, ratings.getByRole('button', { name: 'Update my ratings' }));
  await press(page, 'Enter');
  await expect(ratings.getByRole('status')).toHaveText('Your ratings are saved.');
  await expect(table.getByRole('row', { name: /Depth/ })).toHaveText(/4\.0\s*0\s*1\s*No/);
  await expect(table.getByRole('row', { name: /Reasoning/ })).toHaveText(/3\.5\s*3\s*2\s*Discuss/);
  await expect(each).toHaveText([
    /^Ria Rater \(.+\): No, rubric version 1 \(Reasoning 2, Clarity 4\)/,
    /^Rob Rater \(.+\): Yes, rubric version 2 \(Reasoning 5, Clarity 3, Depth 4\)/,
  ]);
});

test('an admin whose rubric another admin saved first is told so, keeps their changes, and saves them knowingly, by keyboard alone', async ({
  page,
  request,
  ownServer,
  allowProblem,
}) => {
  test.setTimeout(90_000);
  allowProblem(refusedRequest(`/tests/${WRENFIELD.testId}/rubric`, 409));
  const other = await signInReviewer(request, WRENFIELD.companyId, ownServer.dataDir);
  await saveRubric(request, other, null, [reasoning]);
  const admin = addReviewer(WRENFIELD.companyId, 'Ada Admin', 'admin', ownServer.dataDir);

  await signInAs(page, admin, `/review/tests/${WRENFIELD.testId}/settings`);
  const rubric = page.getByRole('region', { name: 'Rubric' });
  await tabToShownFocus(page, rubric.getByText('Change the rubric'));
  await press(page, 'Enter');
  const name = rubric.getByRole('group', { name: 'Criterion 1' }).getByLabel('Name');
  // Tab selects the field's text: End keeps it, and adds to it.
  await tabToShownFocus(page, name);
  await press(page, 'End');
  await type(page, ', shown');

  // Meanwhile another admin saves version 2.
  await saveRubric(request, other, 1, [reasoning, clarity]);
  const save = rubric.getByRole('button', { name: 'Save rubric' });
  await tabToShownFocus(page, save);
  await press(page, 'Enter');
  await expect(rubric.getByRole('alert')).toHaveText(
    'Version 2 of the rubric was saved while you were editing version 1: read it, then save your changes again. ' +
      'It is shown above; your changes are still here.',
  );
  await expect(save).toBeFocused();
  await expect(rubric.getByRole('listitem')).toHaveText([/^Reasoning \(Question 1\)/, /^Clarity \(Question 2\)/]);
  await expect(name).toHaveValue('Reasoning, shown');
  await expect(rubric.getByText('Version 2: nobody has rated under it yet. Saving makes version 3.')).toBeVisible();

  // Having read version 2, the admin saves theirs over it.
  await press(page, 'Enter');
  await expect(rubric.getByRole('status')).toHaveText('Rubric saved: version 3.');
  await expect(rubric.getByRole('alert')).toHaveCount(0);
  await expect(rubric.getByRole('listitem')).toHaveText([/^Reasoning, shown \(Question 1\)/]);
});
