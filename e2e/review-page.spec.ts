import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import {
  addReviewer,
  newApiCandidate,
  noSignals,
  postRegistration,
  registerCandidate,
  sendFeedback,
  signIn,
  submitAnswers,
  test,
  testOnOwnServer,
} from './review-helpers.ts';
import { tabToShownFocus } from './support/keyboard.ts';

/** Each test works in a company no other test touches, so counts and lists are its own. */
const FERROWICK = { companyId: 'ferrowick-ventures', testId: 'nuj0ewu1', roleName: 'Venture Associate' };
const EMBERLITH = { companyId: 'emberlith-dao', testId: 'g3awm3tv', roleName: 'Governance Advisor' };
const HALCYRA = { companyId: 'halcyra-network', testId: 'p7317bd9', roleName: 'Staking Operations Specialist' };
const BRAMBLEWAY = { companyId: 'brambleway-pay', testId: '0sma2sll', roleName: 'Operations Manager' };
const COBALTRIX = { companyId: 'cobaltrix-analytics', testId: 'rtfkbh2d' };
const VERIDANE = { companyId: 'veridane-research' };
const ORBITRA = { companyId: 'orbitra-labs', testId: 'g02vdhld', roleName: 'Ecosystem Partnerships Manager' };

test('the review page is served at /review/ under the strict policy, for every one of its routes', async ({
  request,
}) => {
  const page = await request.get('/review/');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(await page.text()).toContain('/review/assets/');

  const route = await request.get('/review/candidates/some-session-id');
  expect(route.headers()['content-type']).toContain('text/html');
  expect(await route.text()).toBe(await page.text());

  const bare = await request.get('/review', { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe('/review/');

  expect((await request.get('/review/assets/missing.js')).status()).toBe(404);
  expect((await request.get('/api/review/me')).status()).toBe(401);
  // What the page asks as it loads: not signed in is an answer, not a refusal its console would log.
  const signedOut = await request.get('/api/review/session');
  expect(signedOut.status()).toBe(200);
  expect(await signedOut.json()).toEqual({ me: null });
});

test('a reviewer signs in, sees the company’s tests with counts, and signs out', async ({ page, allowProblem }) => {
  allowProblem(refusedRequest('/api/review/sign-in', 401));
  const reviewer = addReviewer(FERROWICK.companyId, 'Vera Venture');
  await page.goto('/review/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeFocused();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your email and password.');
  await page.getByLabel('Email').fill(reviewer.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is not right.');
  await expect(page.getByLabel('Password')).toHaveValue('');

  await page.getByLabel('Password').fill(reviewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await expect(page.getByRole('banner')).toContainText('Ferrowick Ventures · Review');
  await expect(page.getByRole('banner')).toContainText('Vera Venture');
  const rows = page.getByRole('table', { name: "Your company's tests" }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const first = rows.filter({ hasText: FERROWICK.roleName });
  await expect(first.getByRole('cell')).toHaveText([FERROWICK.testId, '20 min', 'Allowed', '0', '0', '0']);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A reload keeps the sign-in (the cookie), and signing out ends it on the server too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeVisible();
  expect((await page.request.get('/api/review/me')).status()).toBe(401);
});

// Its own server: the list counts every candidate of the test, and a retry would find the first attempt's.
testOnOwnServer(
  'candidates are listed with their signals, sorted by a column, a page at a time',
  async ({ page, request, ownServer }) => {
    const reviewer = addReviewer(EMBERLITH.companyId, undefined, undefined, ownServer.dataDir);
    for (let index = 1; index <= 12; index += 1) {
      const name = `Paging ${String(index).padStart(2, '0')}`;
      const candidate = await registerCandidate(request, EMBERLITH.testId, { fullName: name, name });
      await submitAnswers(request, candidate, ['<p>a</p>', '', ''], {
        tabSwitches: index <= 3 ? index : 0,
        perQuestion: [noSignals(), noSignals(), noSignals()],
      });
    }

    await signIn(page, reviewer);
    await page.getByRole('link', { name: EMBERLITH.roleName }).click();
    await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
    await expect(page.getByText('signals that need a human look, not proof')).toBeVisible();

    const table = page.getByRole('table', { name: /Candidates/ });
    const names = table.locator('tbody th a');
    // The first page has arrived: choosing another size now supersedes no request still under way.
    await expect(names.first()).toBeVisible();
    await page.getByLabel('Per page').selectOption('10');
    await expect(names).toHaveCount(10);

    await table.getByRole('button', { name: 'Candidate' }).click();
    await expect(table.getByRole('columnheader', { name: 'Candidate', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names.first()).toHaveText('Paging 01');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(names).toHaveText(['Paging 11', 'Paging 12']);
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(names.first()).toHaveText('Paging 01');

    await table.getByRole('button', { name: 'Signals to review' }).click();
    await expect(table.getByRole('columnheader', { name: 'Signals to review' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(names.first()).toHaveText('Paging 03');
    const top = table.getByRole('row').filter({ hasText: 'Paging 03' });
    await expect(top).toContainText('3 tab switches, 0 pastes');
    await expect(top).toContainText('Quiz submitted');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The list's state is in the address: back from a candidate, the reviewer finds the same order.
    await names.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paging 03' })).toBeVisible();
    // The candidate's page has loaded all it asks for: going back now cancels no request under way.
    await expect(page.getByText('The stage has not changed since the candidate started.')).toBeVisible();
    // … the company's list of stage reasons too (it has none), which the stage form asks for apart.
    await expect(page.getByText('No reasons to choose from yet', { exact: false })).toBeVisible();
    await page.goBack();
    await expect(names.first()).toHaveText('Paging 03');
  },
);

test('one candidate: answers beside their questions, the timeline, device, feedback and declaration', async ({
  page,
  request,
}) => {
  const reviewer = addReviewer(HALCYRA.companyId);
  const start = Date.now() - 10 * 60_000;
  const candidate = await registerCandidate(request, HALCYRA.testId, {
    fullName: 'Ada Detail',
    name: 'Ada Detail',
    email: 'ada@detail.example',
    startTime: start,
  });
  const empty = noSignals();
  await submitAnswers(
    request,
    candidate,
    ['<p>I would <strong>stake</strong> carefully.</p>', '<ul><li>First</li><li>Second</li></ul>', ''],
    {
      tabSwitches: 2,
      perQuestion: [
        { ...empty, switches: 1, switchTimes: [start + 61_000] },
        { ...empty, pastes: [{ chars: 42, at: start + 125_000 }] },
        empty,
      ],
      listSwitchTimes: [start + 200_000],
      droppedListSwitchTimes: 0,
      // Twenty seconds on the instructions after agreeing: not quiz time.
      startedAt: start + 20_000,
    },
  );
  await sendFeedback(request, candidate, 'Fair questions.\nThank you.', 3);

  await signIn(page, reviewer, `/review/candidates/${candidate.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Detail' })).toBeFocused();
  await expect(page.getByText('ada@detail.example')).toBeVisible();

  const first = page.getByRole('article', { name: 'Question 1' });
  await expect(first.locator('.candidate-html strong')).toHaveText('stake');
  await expect(page.getByRole('article', { name: 'Question 2' }).locator('.candidate-html li')).toHaveText([
    'First',
    'Second',
  ]);
  await expect(page.getByRole('article', { name: 'Question 3' })).toContainText('No answer.');

  const timeline = page.getByRole('table', { name: /Proctoring timeline/ });
  await expect(timeline.getByRole('row')).toHaveCount(4);
  await expect(timeline.getByRole('row').nth(1).getByRole('cell')).toContainText([
    /\d\d:\d\d:\d\d/,
    '0:41',
    'Left the page (tab or window switch)',
    'Question 1',
  ]);
  await expect(timeline.getByRole('row').nth(2)).toContainText('Pasted 42 characters');
  await expect(timeline.getByRole('row').nth(2)).toContainText('Question 2');
  await expect(timeline.getByRole('row').nth(3)).toContainText('No question open');
  await expect(page.getByText('signals that need a human look, not proof')).toBeVisible();

  await expect(page.locator('#device')).toContainText('Chromium 140.0.1');
  await expect(page.locator('#device')).toContainText('1920 x 1080');
  await expect(page.locator('#feedback')).toContainText('Rated 4 of 5');
  await expect(page.locator('#feedback blockquote')).toHaveText('Fair questions.\nThank you.');
  await expect(page.locator('#declaration')).toContainText('I agree not to copy code from any source');
  await expect(page.locator('#declaration')).toContainText('Agreed on');
  await expect(page.locator('#video')).toContainText('No video yet.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

// Its own server, as each test that finds its invitation by the candidate's name or email.
testOnOwnServer(
  'invitations: create with extra time, copy the link, extend, change extra time, revoke',
  async ({ page, context, ownServer }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const reviewer = addReviewer(BRAMBLEWAY.companyId, undefined, undefined, ownServer.dataDir);
    await signIn(page, reviewer, `/review/tests/${BRAMBLEWAY.testId}/invitations`);
    await expect(page.getByRole('heading', { level: 1, name: BRAMBLEWAY.roleName })).toBeVisible();

    await page.getByRole('button', { name: 'Create invitation' }).click();
    await expect(page.getByText("Enter the candidate's email.")).toBeVisible();
    await page.getByLabel("Candidate's email").fill('lin@candidate.example');
    await page.getByLabel('Name (optional)').fill('Lin Candidate');
    await page.getByLabel('Extra quiz time').selectOption({ label: '+50 % (quiz time 23 min instead of 15)' });
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await expect(page.getByText('Invitation for lin@candidate.example created, and emailed to them.')).toBeVisible();

    const card = page.getByRole('article', { name: /Lin Candidate/ });
    await expect(card.getByRole('heading')).toContainText('Not opened yet');
    await expect(card).toContainText('+50 % (quiz time 23 min instead of 15)');
    const link = await card.getByLabel('Personal link for lin@candidate.example').inputValue();
    expect(new URL(link).origin).toBe(ownServer.origin);
    expect(new URL(link).pathname).toMatch(new RegExp(`^/invite/${BRAMBLEWAY.testId}-[a-z0-9]{26}$`));
    await card.getByRole('button', { name: 'Copy link' }).click();
    await expect(card.getByText('Link copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await card.getByText('Extend or change extra time').click();
    const later = new Date(Date.now() + 30 * 86_400_000);
    const day = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`;
    await card.getByLabel('Link works until (end of day)').fill(day);
    await card.getByRole('button', { name: 'Save date' }).click();
    await expect(card.getByText(`The link now works until the end of ${day}.`)).toBeVisible();
    await card.getByLabel('Extra quiz time').selectOption('100');
    await card.getByRole('button', { name: 'Save extra time' }).click();
    await expect(card.getByText('Extra time is now +100 % (quiz time 30 min instead of 15).')).toBeVisible();

    await card.getByRole('button', { name: 'Revoke link' }).click();
    await expect(card.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
    await card.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect(card.getByRole('heading')).toContainText('Revoked');
    await expect(card.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Revoke link' })).toHaveCount(0);

    // What the page shows is what the server holds.
    await page.reload();
    const reloaded = page.getByRole('article', { name: /Lin Candidate/ });
    await expect(reloaded.getByRole('heading')).toContainText('Revoked');
    await expect(reloaded).toContainText('+100 %');
  },
);

test('the open-link setting and the CSV download', async ({ page, request }) => {
  const reviewer = addReviewer(BRAMBLEWAY.companyId);
  const testId = 'sg9u5xwq';
  await registerCandidate(request, testId, { fullName: 'Csv Person', name: 'Csv Person', email: 'csv@person.example' });
  await signIn(page, reviewer, `/review/tests/${testId}/settings`);

  const setting = page.getByLabel('Anyone with the open link can take this test');
  await expect(setting).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Open link' })).toHaveValue(new RegExp(`/invite/${testId}$`));
  await setting.uncheck();
  await expect(page.getByText('The open link is now switched off.')).toBeVisible();
  const refused = await postRegistration(request, newApiCandidate(testId));
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'This test is taken by personal invitation only.' });
  await page.reload();
  await expect(page.getByLabel('Anyone with the open link can take this test')).not.toBeChecked();
  await page.getByLabel('Anyone with the open link can take this test').check();
  await expect(page.getByText('The open link now works.')).toBeVisible();

  // The download is with the candidates, whom it holds.
  await page.goto(`/review/tests/${testId}`);
  const downloading = page.waitForEvent('download');
  // Csv Person registered and sent nothing since: in the CSV of every candidate, as in the list's view of all.
  await page.getByRole('link', { name: 'Download CSV with every candidate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain('csv@person.example');
});

test('a reviewer of another company finds nothing of this one, by link or by id', async ({
  page,
  request,
  allowProblem,
}) => {
  const outsider = addReviewer(VERIDANE.companyId);
  const candidate = await registerCandidate(request, COBALTRIX.testId, { fullName: 'Not Yours', name: 'Not Yours' });
  // The server's answer to another company's candidate and test: 404, as for ones that do not exist.
  allowProblem(refusedRequest(`/api/review/candidates/${candidate.sessionId}`, 404));
  allowProblem(refusedRequest(`/api/review/tests/${COBALTRIX.testId}`, 404));
  await signIn(page, outsider, `/review/candidates/${candidate.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No such candidate' })).toBeVisible();
  await expect(page.getByText('Not Yours')).toHaveCount(0);
  await page.goto(`/review/tests/${COBALTRIX.testId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No such test' })).toBeVisible();
});

testOnOwnServer(
  'the review page works from the keyboard alone, its focus always shown and never dropped',
  async ({ page, request, allowProblem, ownServer }) => {
    allowProblem(refusedRequest('/api/review/sign-in', 401));
    const reviewer = addReviewer(ORBITRA.companyId, undefined, undefined, ownServer.dataDir);
    const kay = await registerCandidate(request, ORBITRA.testId, { fullName: 'Kay Board', name: 'Kay Board' });
    await submitAnswers(request, kay, ['<p>Typed by keyboard</p>', '', '']);
    await page.goto('/review/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeFocused();
    await tabToShownFocus(page, page.getByLabel('Email'));
    await page.keyboard.type(reviewer.email);
    await tabToShownFocus(page, page.getByLabel('Password'));
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Email or password is not right.');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(reviewer.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();

    // The home page holds the tests; the company's settings are pages of their own.
    await expect(page.getByRole('region', { name: 'Your team', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Who has looked at candidates' })).toHaveCount(0);
    await tabToShownFocus(page, page.getByRole('link', { name: ORBITRA.roleName }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: ORBITRA.roleName })).toBeFocused();
    // The test's views are right under its heading: Invitations is on screen without scrolling.
    await expect(page.getByRole('link', { name: 'Invitations', exact: true })).toBeInViewport();
    const table = page.getByRole('table', { name: /Candidates/ });
    await tabToShownFocus(page, table.getByRole('button', { name: 'Candidate' }));
    await page.keyboard.press('Enter');
    await expect(table.getByRole('columnheader', { name: 'Candidate', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.getByRole('button', { name: 'Candidate' })).toBeFocused();

    await tabToShownFocus(page, page.getByRole('link', { name: 'Invitations', exact: true }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/review/tests/${ORBITRA.testId}/invitations$`));
    const form = page.getByRole('form', { name: 'Invite a candidate' });
    const create = form.getByRole('button', { name: 'Create invitation' });
    await tabToShownFocus(page, create);
    await page.keyboard.press('Enter');
    // The field that needs an answer takes the focus, its problem read with it.
    await expect(form.getByLabel("Candidate's email")).toBeFocused();
    await expect(form.getByLabel("Candidate's email")).toHaveAccessibleDescription("Enter the candidate's email.");
    await page.keyboard.type('kay@candidate.example');
    await tabToShownFocus(page, create);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invitation for kay@candidate.example created, and emailed to them.')).toBeVisible();
    await expect(create).toBeFocused();

    const card = page.getByRole('article', { name: /kay@candidate\.example/ });
    await tabToShownFocus(page, card.getByRole('button', { name: 'Revoke link' }));
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
    await tabToShownFocus(page, card.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Revoke link' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('heading')).toContainText('Revoked');
    await expect(card.getByRole('heading')).toBeFocused();
    await expect(card.getByRole('status')).toHaveText('The link for kay@candidate.example is revoked.');

    // The settings, one page per subject, from the header and from one another.
    const settings = page.getByRole('navigation', { name: 'Review page' }).getByRole('link', { name: 'Settings' });
    await tabToShownFocus(page, settings, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expect(page.getByRole('main').getByRole('link')).toHaveText([
      'Team',
      'Two-factor sign-in',
      'Stage reasons',
      'Emails and webhooks',
      'Greenhouse',
      'Reminders',
      'Data retention',
      'Access log',
    ]);
    await tabToShownFocus(page, page.getByRole('main').getByRole('link', { name: 'Team' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeFocused();
    await expect(page).toHaveTitle('Team · Review');
    await expect(page.getByRole('region', { name: 'Your team', exact: true })).toBeVisible();
    const subjects = page.getByRole('navigation', { name: 'Settings' });
    await expect(subjects.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    await tabToShownFocus(page, subjects.getByRole('link', { name: 'Data retention' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Data retention' })).toBeFocused();
    await expect(page.getByLabel("Erase each candidate's data after (days)")).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  },
);

test('a screen the reviewer leaves before its reads have answered drops them, and the next one loads', async ({
  page,
}) => {
  const reviewer = addReviewer(ORBITRA.companyId);
  // The access log's read is held until the reviewer has moved on, as on a slow line.
  let moved!: () => void;
  const hasMoved = new Promise<void>((resolve) => {
    moved = resolve;
  });
  await page.route('**/api/review/access-log', async (route) => {
    await hasMoved;
    await route.continue().catch(() => undefined);
  });
  await signIn(page, reviewer, '/review/settings/access-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Access log' })).toBeFocused();
  const tests = page.getByRole('navigation', { name: 'Review page' }).getByRole('link', { name: 'Tests' });
  await tabToShownFocus(page, tests, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: ORBITRA.roleName }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: ORBITRA.roleName })).toBeFocused();
  await expect(page.locator('.test-facts')).toContainText(ORBITRA.testId);
  moved();
});
