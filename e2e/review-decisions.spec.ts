import type { Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, failedRequest, refusedRequest } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  signIn,
  signInReviewer,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { expectFocusKept, press, tabToShownFocus, type } from './support/keyboard.ts';

/**
 * A company no other spec touches, on a server of the test's own: each attempt writes the
 * company's stage reasons into an empty field, which a repeat on a shared server would find filled.
 */
const NIMBUS = { companyId: 'nimbus-ledger', testId: 'ppxx71c9', roleName: 'Financial Analyst' };

test('an admin lists the stage reasons; a reviewer moves a candidate to a stage with one of them, adds a note, and filters the list, by keyboard alone', async ({
  page,
  request,
  allowProblem,
  ownServer,
}) => {
  test.setTimeout(90_000);
  // Each arrow press on the filter asks for its list; the page cancels the one it no longer needs.
  allowProblem(failedRequest(`/api/review/tests/${NIMBUS.testId}/candidates`, 'net::ERR_ABORTED'));
  const reviewer = addReviewer(NIMBUS.companyId, 'Dana Decider', 'admin', ownServer.dataDir);
  // Names of this run only, should the database outlive a run.
  const run = Date.now().toString(36);
  const [cleo, otto, sam] = [`Cleo Chosen ${run}`, `Otto Other ${run}`, `Sam Silent ${run}`];
  const chosen = await registerCandidate(request, NIMBUS.testId, { fullName: cleo, name: cleo });
  await submitAnswers(request, chosen, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
  const other = await registerCandidate(request, NIMBUS.testId, { fullName: otto, name: otto });
  await submitAnswers(request, other, ['<p>Mine</p>', '', '']);
  // Registered, and sent nothing since: left out of the list unless asked for.
  await registerCandidate(request, NIMBUS.testId, { fullName: sam, name: sam });

  // The admin lists the reasons the team chooses from, on the tests page.
  await signIn(page, reviewer, '/review/settings/stage-reasons');
  const reasons = page.getByRole('region', { name: 'Stage reasons' });
  const reasonsField = reasons.getByLabel('Reasons to choose from');
  await tabToShownFocus(page, reasonsField);
  await type(page, 'Role filled\nClear, careful answers\nrole filled');
  await tabToShownFocus(page, reasons.getByRole('button', { name: 'Save reasons' }));
  await press(page, 'Enter');
  await expect(reasons.getByRole('alert')).toHaveText('"role filled" is listed twice: keep it once.');
  await expect(reasonsField).toBeFocused();
  await press(page, 'Backspace');
  for (let letter = 0; letter < 'role filled'.length; letter += 1) await press(page, 'Backspace');
  await tabToShownFocus(page, reasons.getByRole('button', { name: 'Save reasons' }));
  await press(page, 'Enter');
  await expect(reasons.getByRole('status')).toHaveText('Saved: 2 reasons.');
  await expect(reasonsField).toHaveValue('Role filled\nClear, careful answers');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.goto(`/review/candidates/${chosen.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: cleo })).toBeVisible();
  const decision = page.locator('#decision');
  await expect(decision.getByText('The stage has not changed since the candidate started.')).toBeVisible();

  const stage = decision.getByLabel("Candidate's stage");
  await tabToShownFocus(page, stage);
  await expect(stage).toHaveValue('new');
  await press(page, 'ArrowDown');
  await press(page, 'ArrowDown');
  await expect(stage).toHaveValue('advance');
  const reason = decision.getByLabel('Reason (optional)');
  await tabToShownFocus(page, reason);
  await expect(reason.getByRole('option')).toHaveText(['No reason', 'Role filled', 'Clear, careful answers']);
  await press(page, 'ArrowDown');
  await press(page, 'ArrowDown');
  await expect(reason).toHaveValue('Clear, careful answers');
  await tabToShownFocus(page, decision.getByRole('button', { name: 'Save stage' }));
  await press(page, 'Enter');
  await expect(decision.getByRole('status').filter({ hasText: 'Stage' })).toHaveText('Stage: Advance.');
  await expect(decision.getByRole('list', { name: 'How the stage changed' }).getByRole('listitem')).toHaveText([
    new RegExp(
      `^New to Advance, by Dana Decider \\(${reviewer.email.replaceAll('.', '\\.')}\\), .+: Clear, careful answers$`,
    ),
  ]);

  const addNote = decision.getByRole('button', { name: 'Add note' });
  await tabToShownFocus(page, addNote);
  await press(page, 'Enter');
  await expect(decision.getByRole('alert')).toHaveText('Write the note first.');
  await expect(decision.getByLabel('Add a note')).toBeFocused();
  await type(page, 'Ask about the second answer in the interview.');
  await tabToShownFocus(page, addNote);
  await press(page, 'Enter');
  await expect(decision.getByRole('status').filter({ hasText: 'Note' })).toHaveText('Note added.');
  await expect(decision.locator('.note-body')).toHaveText(['Ask about the second answer in the interview.']);
  // Written as every other time on the review page ("Dec 5, 2026, 6:04 PM"), not the browser's own default.
  await expect(decision.locator('.note-meta time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/);
  await expect(decision.getByLabel('Add a note')).toHaveValue('');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The list shows each candidate's stage, and filters by it.
  await page.goto(`/review/tests/${NIMBUS.testId}`);
  const table = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(table.getByRole('row', { name: cleo })).toContainText('Advance');
  await expect(table.getByRole('row', { name: otto })).toContainText('New');
  await expect(table.getByRole('row', { name: sam })).toHaveCount(0);
  const silent = page.getByLabel('Registered, nothing sent yet');
  await tabToShownFocus(page, silent);
  // Two presses without waiting for the list, as a reviewer who knows the choices: each starts from
  // the choice the last one made.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expectFocusKept(page);
  await expect(page).toHaveURL(/silent=only/);
  await expect(silent).toHaveValue('only');
  await expect(table.getByRole('row', { name: sam })).toHaveCount(1);
  await expect(table.getByRole('row', { name: cleo })).toHaveCount(0);
  await press(page, 'ArrowUp');
  await expect(page).toHaveURL(/silent=include/);
  await press(page, 'ArrowUp');
  await expect(page).not.toHaveURL(/silent=/);
  await expect(table.getByRole('row', { name: sam })).toHaveCount(0);
  const show = page.getByLabel('Show');
  await tabToShownFocus(page, show, 'Shift+Tab');
  // One press at a time, as a reviewer reads each list before the next.
  for (const stage of ['new', 'reviewing', 'advance']) {
    // Its list is in before the next press: a newer choice cancels the list still under way.
    const listed = page.waitForResponse(
      (response) => response.url().includes('/candidates?') && response.url().includes(`stage=${stage}`),
    );
    await press(page, 'ArrowDown');
    await expect(page).toHaveURL(new RegExp(`stage=${stage}`));
    await listed;
  }
  await expect(show).toHaveValue('advance');
  await expect(table.getByRole('row', { name: otto })).toHaveCount(0);
  await expect(table.getByRole('row', { name: cleo })).toHaveCount(1);
  for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText('Advance');
  await expect(show).toBeFocused();
});

test('a reviewer whose page shows a stage a teammate has since changed is told who changed it, keeps their choice, and saves again on purpose, by keyboard alone', async ({
  page,
  browser,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Casey Contested ${run}`;
  const candidate = await registerCandidate(request, NIMBUS.testId, { fullName: name, name });
  await submitAnswers(request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
  // The stage reasons, as an admin lists them; how that is done is the other test's.
  const csrfToken = await signInReviewer(request, NIMBUS.companyId, ownServer.dataDir);
  const listed = await request.patch('/api/review/company', {
    headers: { 'x-csrf-token': csrfToken },
    data: { stageReasons: ['Role filled', 'Clear, careful answers'], stageReasonsVersion: 0 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  // Rob's first save is refused on purpose, and Chromium logs the refusal.
  allowProblem(refusedRequest(`/api/review/candidates/${candidate.sessionId}/stage`, 409));
  const rob = addReviewer(NIMBUS.companyId, 'Rob Slow', 'reviewer', ownServer.dataDir);
  const dana = addReviewer(NIMBUS.companyId, 'Dana Decider', 'reviewer', ownServer.dataDir);
  const candidatePage = `/review/candidates/${candidate.sessionId}`;

  // Rob opens the candidate at New, and reads for a while.
  await signIn(page, rob, candidatePage);
  const decision = page.locator('#decision');
  await expect(decision.getByText('Current stage: New')).toBeVisible();

  // Meanwhile Dana, in her own browser, declines the candidate.
  const danasContext = await browser.newContext({ baseURL: ownServer.origin });
  try {
    const danasPage = await danasContext.newPage();
    await watchPage(danasPage);
    await signIn(danasPage, dana, candidatePage);
    const danasDecision = danasPage.locator('#decision');
    await tabToShownFocus(danasPage, danasDecision.getByLabel("Candidate's stage"));
    for (const _ of ['reviewing', 'advance', 'decline']) await press(danasPage, 'ArrowDown');
    await expect(danasDecision.getByLabel("Candidate's stage")).toHaveValue('decline');
    await tabToShownFocus(danasPage, danasDecision.getByLabel('Reason (optional)'));
    await press(danasPage, 'ArrowDown');
    await tabToShownFocus(danasPage, danasDecision.getByRole('button', { name: 'Save stage' }));
    await press(danasPage, 'Enter');
    await expect(danasDecision.getByRole('status').filter({ hasText: 'Stage' })).toHaveText('Stage: Decline.');
  } finally {
    await danasContext.close();
  }

  // Rob's page still says New: he chooses Reviewing, with a reason, and saves.
  await expect(decision.getByText('Current stage: New')).toBeVisible();
  const stage = decision.getByLabel("Candidate's stage");
  await tabToShownFocus(page, stage);
  await press(page, 'ArrowDown');
  await expect(stage).toHaveValue('reviewing');
  const reason = decision.getByLabel('Reason (optional)');
  await tabToShownFocus(page, reason);
  await press(page, 'ArrowDown');
  await press(page, 'ArrowDown');
  await expect(reason).toHaveValue('Clear, careful answers');
  const save = decision.getByRole('button', { name: 'Save stage' });
  await tabToShownFocus(page, save);
  await press(page, 'Enter');

  // Refused, and told why in words: Dana's decision stands, and nothing Rob chose is lost.
  const danasName = `Dana Decider \\(${dana.email.replaceAll('.', '\\.')}\\)`;
  await expect(decision.getByRole('alert')).toHaveText(
    new RegExp(
      `^${danasName} changed the stage to Decline on .+, after this page showed it\\. Nothing was saved\\. ` +
        'Your choice, Reviewing, is still in the form: save again to change it\\.$',
    ),
  );
  await expect(save).toBeFocused();
  await expect(decision.getByText('Current stage: Decline')).toBeVisible();
  await expect(stage).toHaveValue('reviewing');
  await expect(reason).toHaveValue('Clear, careful answers');
  const history = decision.getByRole('list', { name: 'How the stage changed' }).getByRole('listitem');
  await expect(history).toHaveText([new RegExp(`^New to Decline, by ${danasName}, .+: Role filled$`)]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Having read it, Rob saves again: now from Decline, on purpose.
  await press(page, 'Enter');
  await expect(decision.getByRole('status').filter({ hasText: 'Stage' })).toHaveText('Stage: Reviewing.');
  await expect(decision.getByRole('alert')).toHaveCount(0);
  await expect(save).toBeFocused();
  await expect(decision.getByText('Current stage: Reviewing')).toBeVisible();
  const robsName = `Rob Slow \\(${rob.email.replaceAll('.', '\\.')}\\)`;
  await expect(history).toHaveText([
    new RegExp(`^New to Decline, by ${danasName}, .+: Role filled$`),
    new RegExp(`^Decline to Reviewing, by ${robsName}, .+: Clear, careful answers$`),
  ]);
});

test('an admin whose stage reasons another admin saved first is told who and when, sees their list, keeps their own, and saves it knowingly, by keyboard alone', async ({
  page,
  browser,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  // The list both admins start from, as an admin lists it; how that is done is the first test's.
  const csrfToken = await signInReviewer(request, NIMBUS.companyId, ownServer.dataDir);
  const listed = await request.patch('/api/review/company', {
    headers: { 'x-csrf-token': csrfToken },
    data: { stageReasons: ['Role filled', 'Clear, careful answers'], stageReasonsVersion: 0 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  // Ann's first save is refused on purpose, and Chromium logs the refusal.
  allowProblem(refusedRequest('/api/review/company', 409));
  const ann = addReviewer(NIMBUS.companyId, 'Ann Admin', 'admin', ownServer.dataDir);
  const ada = addReviewer(NIMBUS.companyId, 'Ada Admin', 'admin', ownServer.dataDir);

  // Ann adds a reason, and has not saved yet.
  await signIn(page, ann, '/review/settings/stage-reasons');
  const reasons = page.getByRole('region', { name: 'Stage reasons' });
  const field = reasons.getByLabel('Reasons to choose from');
  await expect(field).toHaveValue('Role filled\nClear, careful answers');
  await tabToShownFocus(page, field);
  await press(page, 'Control+End');
  await type(page, '\nStrong written answers');

  // Meanwhile Ada, in her own browser, replaces the list.
  const adasContext = await browser.newContext({ baseURL: ownServer.origin });
  try {
    const adasPage = await adasContext.newPage();
    await watchPage(adasPage);
    await signIn(adasPage, ada, '/review/settings/stage-reasons');
    const adasReasons = adasPage.getByRole('region', { name: 'Stage reasons' });
    const adasField = adasReasons.getByLabel('Reasons to choose from');
    await expect(adasField).toHaveValue('Role filled\nClear, careful answers');
    await tabToShownFocus(adasPage, adasField);
    await press(adasPage, 'Control+A');
    await type(adasPage, 'Role filled\nSalary out of range');
    await tabToShownFocus(adasPage, adasReasons.getByRole('button', { name: 'Save reasons' }));
    await press(adasPage, 'Enter');
    await expect(adasReasons.getByRole('status')).toHaveText('Saved: 2 reasons.');
  } finally {
    await adasContext.close();
  }

  // Ann's page still shows the list she read: she saves.
  const save = reasons.getByRole('button', { name: 'Save reasons' });
  await tabToShownFocus(page, save);
  await press(page, 'Enter');

  // Refused, and told why in words, with Ada's list shown and Ann's still in the field.
  const adasName = `Ada Admin \\(${ada.email.replaceAll('.', '\\.')}\\)`;
  const notice = reasons.getByRole('alert');
  await expect(notice).toHaveText(
    new RegExp(
      `^${adasName} saved the stage reasons on .+, after this page showed them\\. Nothing was saved\\. ` +
        'The list as it is now is shown below, and your changes are still in the field: save again to put yours in its place\\.$',
    ),
  );
  await expect(notice).toBeFocused();
  await expect(reasons.getByRole('list', { name: 'The list as it is now:' }).getByRole('listitem')).toHaveText([
    'Role filled',
    'Salary out of range',
  ]);
  await expect(field).toHaveValue('Role filled\nClear, careful answers\nStrong written answers');
  await expect(reasons.getByRole('status')).toHaveText('');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // From the notice, Tab goes on to her list; having read Ada's, she keeps one of its reasons, and saves.
  await press(page, 'Tab');
  await expect(field).toBeFocused();
  await press(page, 'Control+End');
  await type(page, '\nSalary out of range');
  await tabToShownFocus(page, save);
  await press(page, 'Enter');
  await expect(reasons.getByRole('status')).toHaveText('Saved: 4 reasons.');
  await expect(notice).toHaveCount(0);
  await expect(reasons.getByRole('list')).toHaveCount(0);
  await expect(save).toBeFocused();

  // What every reviewer reads now is Ann's list, saved over Ada's knowingly.
  const company = await request.get('/api/review/company');
  expect(await company.json()).toMatchObject({
    stageReasons: ['Role filled', 'Clear, careful answers', 'Strong written answers', 'Salary out of range'],
    stageReasonsVersion: 3,
    stageReasonsSaved: { by: `Ann Admin (${ann.email})` },
  });
});

test('a reviewer who has not rated a candidate sees nothing of a teammate’s judgement of them, only that they moved on, and all of it once rated, by keyboard alone', async ({
  page,
  request,
  allowProblem,
  ownServer,
}) => {
  test.setTimeout(90_000);
  // The stage filter's list is cancelled when the next is asked for.
  allowProblem(failedRequest(`/api/review/tests/${NIMBUS.testId}/candidates`, 'net::ERR_ABORTED'));
  const run = Date.now().toString(36);
  const name = `Ada Picked ${run}`;
  const candidate = await registerCandidate(request, NIMBUS.testId, { fullName: name, name });
  await submitAnswers(request, candidate, [
    '<p>Costs <strong>fell</strong></p><ul><li>Volume</li><li>Mix</li></ul>',
    '<p>Two</p>',
    '<p>Three</p>',
  ]);
  // Registered, and sent nothing since: not in the list's default view, nor in its CSV.
  const silent = `Sam Silent ${run}`;
  await registerCandidate(request, NIMBUS.testId, { fullName: silent, name: silent });
  // An admin of the company writes a rubric and the reasons, rates the candidate, notes, and advances
  // them with a reason, all through the API as the review page does it.
  const csrfToken = await signInReviewer(request, NIMBUS.companyId, ownServer.dataDir);
  const headers = { 'x-csrf-token': csrfToken };
  const anchors = { one: 'Off the point', three: 'Sound', five: 'Insightful' };
  const calls = [
    request.put(`/api/review/tests/${NIMBUS.testId}/rubric`, {
      headers,
      data: { editedVersion: null, criteria: [{ about: 1, name: 'Reasoning', anchors }] },
    }),
    request.patch('/api/review/company', {
      headers,
      data: { stageReasons: ['Strong written answers'], stageReasonsVersion: 0 },
    }),
  ];
  for (const response of await Promise.all(calls)) expect(response.status(), await response.text()).toBe(200);
  const admins = [
    request.put(`/api/review/candidates/${candidate.sessionId}/ratings/mine`, {
      headers,
      data: { rubricVersion: 1, scores: [5], recommendation: 'strong-yes' },
    }),
    request.post(`/api/review/candidates/${candidate.sessionId}/notes`, {
      headers,
      data: { body: 'Ask about the second answer.' },
    }),
  ];
  for (const response of await Promise.all(admins)) expect(response.ok(), await response.text()).toBe(true);
  const advanced = await request.put(`/api/review/candidates/${candidate.sessionId}/stage`, {
    headers,
    data: { from: 'new', stage: 'advance', reason: 'Strong written answers' },
  });
  expect(advanced.status(), await advanced.text()).toBe(200);

  // Rob has not rated her: the page says why he sees none of it, and that she has moved on.
  const rob = addReviewer(NIMBUS.companyId, 'Rob Unrated', 'reviewer', ownServer.dataDir);
  await signIn(page, rob, `/review/candidates/${candidate.sessionId}`);
  const decision = page.locator('#decision');
  await expect(decision.getByText('You have not rated this candidate yet')).toBeVisible();
  await expect(decision.getByText('Current stage: Moved on')).toBeVisible();
  await expect(decision.getByLabel("Candidate's stage")).toHaveCount(0);
  for (const judgement of ['Strong written answers', 'Ask about the second answer', 'Rita Reviewer', 'Advance']) {
    await expect(page.locator('main')).not.toContainText(judgement);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // His own note he sees, and only his.
  await tabToShownFocus(page, decision.getByLabel('Add a note'));
  await type(page, 'Check the figures in answer one.');
  await tabToShownFocus(page, decision.getByRole('button', { name: 'Add note' }));
  await press(page, 'Enter');
  await expect(decision.locator('.note-body')).toHaveText(['Check the figures in answer one.']);

  // The list says the same, and finds her among those moved on.
  await page.goto(`/review/tests/${NIMBUS.testId}`);
  // The test's count of those started says how many the list leaves out, as the CSV does.
  await expect(page.getByText('2 started (1 of them sent nothing since, listed only when asked for)')).toBeVisible();
  const table = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(table.getByRole('row', { name })).toContainText('Moved on');
  await expect(table.getByRole('row', { name })).not.toContainText('Advance');
  const show = page.getByLabel('Show');
  await tabToShownFocus(page, show);
  await press(page, 'End');
  await expect(page).toHaveURL(/stage=moved-on/);
  await expect(show).toHaveValue('moved-on');
  await expect(table.getByRole('row', { name })).toHaveCount(1);
  // His CSV says the same: moved on, his own note counted, none of the team's figures.
  // The filter has the focus; the download is below the list.
  const before = await downloadCsv(page, 'Tab');
  expect(before).toContain(`"Costs fell\n\n- Volume\n- Mix"`);
  expect(before).toContain(',Moved on,1,,,,,,,,\r\n');
  expect(before).not.toContain(silent);
  expect(before).not.toMatch(/Advance|Rita Reviewer|Strong written answers/);

  // Rated, Rob sees where she stands, who put her there and why, and the admin's note.
  await page.goto(`/review/candidates/${candidate.sessionId}`);
  const reasoning = page.locator('#ratings').getByRole('group', { name: 'Reasoning (Question 1)' });
  await tabToShownFocus(page, reasoning.getByRole('radio').first());
  await press(page, 'Space');
  await press(page, 'ArrowRight');
  // Into the recommendations at the first, Strong no; one arrow on, No.
  await tabToShownFocus(page, page.locator('#ratings').getByRole('radio', { name: 'Strong no' }));
  await press(page, 'Space');
  await press(page, 'ArrowRight');
  await tabToShownFocus(page, page.locator('#ratings').getByRole('button', { name: 'Submit my ratings' }));
  await press(page, 'Enter');
  await expect(page.locator('#ratings').getByRole('status')).toHaveText('Your ratings are saved.');
  await expect(decision.getByText('Current stage: Advance')).toBeVisible();
  await expect(decision.getByText('You have not rated this candidate yet')).toHaveCount(0);
  await expect(decision.getByRole('list', { name: 'How the stage changed' }).getByRole('listitem')).toHaveText([
    /^New to Advance, by Rita Reviewer \(.+\), .+: Strong written answers$/,
  ]);
  await expect(decision.locator('.note-body')).toHaveText([
    'Ask about the second answer.',
    'Check the figures in answer one.',
  ]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // And so does his CSV: the stage, both notes, a strong yes and a no (Split), Reasoning's mean of 5 and 2.
  await page.goto(`/review/tests/${NIMBUS.testId}`);
  const after = await downloadCsv(page, 'Tab');
  expect(after).toContain(',Advance,2,3.5,Split,1,0,1,0,3.5,2\r\n');
  const all = await downloadCsv(page, 'Tab', 'Download CSV with every candidate');
  expect(all).toContain(silent);
});

/** The test page's CSV, downloaded by keyboard from its link. */
async function downloadCsv(page: Page, key: 'Tab' | 'Shift+Tab', link = 'Download CSV'): Promise<string> {
  await tabToShownFocus(page, page.getByRole('link', { name: link, exact: true }), key);
  const downloading = page.waitForEvent('download');
  await press(page, 'Enter');
  const download = await downloading;
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}
