import { WEBHOOK_HTTPS_ONLY } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import { addReviewer, signIn, testOnOwnServer as test } from './review-helpers.ts';
import { messagesTo } from './support/inbox.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches: its emails are this spec's alone. */
const RILLPOOL = { companyId: 'rillpool-finance', testId: 'p08kftt6', roleName: 'DeFi Research Analyst' };

test('an invitation is emailed; the reviewer reads how it went in the log, is told when it can be sent again and sets reminders, by keyboard alone', async ({
  page,
  allowProblem,
  ownServer,
}) => {
  allowProblem(refusedRequest('/send-again', 409));
  const reviewer = addReviewer(RILLPOOL.companyId, 'Mira Mailer', undefined, ownServer.dataDir);
  const email = `grace-${Date.now().toString(36)}@candidate.example`;
  await signIn(page, reviewer, `/review/tests/${RILLPOOL.testId}/invitations`);
  const form = page.getByRole('form', { name: 'Invite a candidate' });
  await form.getByLabel("Candidate's email").fill(email);
  await form.getByLabel('Name (optional)').fill('Grace Hopper');
  await form.getByRole('button', { name: 'Create invitation' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Invitation for ${email} created, and emailed to them. Its link is also in the list below.`,
  );
  const link = await page.getByLabel(`Personal link for ${email}`).inputValue();

  // The message the mail server received: to the candidate, in the company's name, with the link.
  await expect.poll(async () => (await messagesTo(email)).length, { timeout: 15_000 }).toBe(1);
  const [first] = await messagesTo(email);
  expect(first?.subject).toBe(`Your assessment for ${RILLPOOL.roleName} at Rillpool Finance`);
  expect(first?.from?.text).toContain('Rillpool Finance');
  expect(first?.text).toContain(`Open your assessment: ${link}`);
  expect(first?.attachments).toEqual([]);

  await page.goto('/review/settings/emails');
  const emails = page.getByRole('region', { name: 'Emails and webhooks' });
  const row = emails.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Invitation');
  await expect(row).toContainText('Sent at');
  await expect(emails.getByText('Email is not set up', { exact: false })).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Just sent: a second one is refused for a while, so a pressed button cannot flood the inbox.
  const sendAgain = row.getByRole('button', { name: `Send again: Invitation to ${email}` });
  await tabToShownFocus(page, sendAgain);
  await press(page, 'Enter');
  const refusal = emails.getByRole('alert');
  await expect(refusal).toHaveText('This message went out less than 10 minutes ago; it can be sent again after that');
  await expect(refusal).toBeFocused();
  expect(await messagesTo(email)).toHaveLength(1);

  // The company's reminder: 48 hours before a link expires unless an admin changes it.
  await page.goto('/review/settings/reminders');
  const reminders = page.getByRole('region', { name: 'Reminders' });
  const when = reminders.getByLabel('Remind a candidate who has not started');
  await expect(when).toHaveValue('48');
  await tabToShownFocus(page, when);
  await press(page, 'ArrowUp');
  await tabToShownFocus(page, reminders.getByRole('button', { name: 'Save reminders' }));
  await press(page, 'Enter');
  await expect(reminders.getByRole('status')).toHaveText('Saved: One reminder, 24 hours before the link expires.');
  await page.reload();
  await expect(when).toHaveValue('24');
});

test('an admin invites a list of candidates by keyboard: a bad row is named and nothing is made, then the mail server receives every invitation', async ({
  page,
  allowProblem,
  ownServer,
}) => {
  allowProblem(refusedRequest(`/api/review/tests/${RILLPOOL.testId}/invitations/bulk`, 400));
  const admin = addReviewer(RILLPOOL.companyId, 'Lena List', undefined, ownServer.dataDir);
  const run = Date.now().toString(36);
  const lin = `lin-${run}@candidate.example`;
  const kim = `kim-${run}@candidate.example`;
  const sam = `sam-${run}@candidate.example`;
  await signIn(page, admin, `/review/tests/${RILLPOOL.testId}/invitations`);
  const form = page.getByRole('form', { name: 'Invite a list of candidates' });
  const list = form.getByLabel('Candidates, one per line');
  const submit = form.getByRole('button', { name: 'Invite everyone on the list' });

  const typed = `email,name,extra time\n${lin},Lin Chen\nnot an email,Bad Row\n${sam},Sam Okafor,50`;
  await tabToShownFocus(page, list);
  await type(page, typed);
  await tabToShownFocus(page, submit);
  await press(page, 'Enter');
  await expect(form.getByRole('alert')).toContainText('1 row needs fixing; no invitation was made');
  await expect(form.getByRole('list', { name: 'Rows to fix' }).getByRole('listitem')).toHaveText([
    'Line 3: "not an email" is not an email address',
  ]);
  await expect(list).toHaveAttribute('aria-invalid', 'true');
  expect(await messagesTo(lin)).toEqual([]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The list is kept as typed, to be fixed.
  await expect(list).toHaveValue(typed);
  await tabToShownFocus(page, list, 'Shift+Tab');
  await press(page, 'Control+A');
  await type(page, typed.replace('not an email,Bad Row', `${kim},Kim Park,25`));
  await tabToShownFocus(page, submit);
  await press(page, 'Enter');
  await expect(form.getByRole('status')).toHaveText('3 invitations created, and each emailed to its candidate.');
  await expect(list).toHaveValue('');
  for (const email of [lin, kim, sam]) {
    await expect(page.getByLabel(`Personal link for ${email}`)).toBeVisible();
    await expect.poll(async () => (await messagesTo(email)).length, { timeout: 15_000 }).toBe(1);
  }
  const [toSam] = await messagesTo(sam);
  expect(toSam?.text).toContain('Hello Sam Okafor,');
  expect(toSam?.text).toContain('which includes 50 % extra time given to you');
});

test('an admin sets the webhook endpoint by keyboard, copies its secret once, rotates it, and sends a test event', async ({
  page,
  ownServer,
  allowProblem,
}) => {
  allowProblem(refusedRequest('/api/review/webhook', 400));
  const admin = addReviewer('zephyrion-labs', 'Wes Hooks', undefined, ownServer.dataDir);
  await signIn(page, admin, '/review/settings/emails');
  const panel = page.getByRole('region', { name: 'Webhook', exact: true });
  // Plain http is refused: this server does not let webhooks reach private targets.
  await tabToShownFocus(page, panel.getByLabel('Endpoint address (https)'));
  await type(page, 'http://ats.zephyrion.example/hooks');
  await press(page, 'Enter');
  await expect(panel.getByRole('alert')).toHaveText(WEBHOOK_HTTPS_ONLY);
  await expect(panel.getByLabel('Endpoint address (https)')).toBeFocused();
  await page.keyboard.press('Control+A');
  await type(page, 'https://ats.zephyrion.example/hooks');
  await tabToShownFocus(page, panel.getByRole('button', { name: 'Save endpoint' }));
  await press(page, 'Enter');
  // Its own status line, beside the copy button's.
  const status = panel.getByRole('status').filter({ hasText: /secret/ });
  await expect(status).toHaveText('Saved. Copy the signing secret now: it is not shown again.');
  const secret = panel.getByLabel('Signing secret (shown once)');
  await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const first = await secret.inputValue();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await tabToShownFocus(page, panel.getByRole('button', { name: 'Rotate signing secret' }));
  await press(page, 'Enter');
  await expect(status).toHaveText('A new signing secret is in use from now on. Copy it now: it is not shown again.');
  await expect(secret).not.toHaveValue(first);
  await expect(secret).toHaveValue(/^whsec_/);

  // A test event, sent now: the address's name does not resolve (.example), and the panel says so in words,
  // the error itself behind a disclosure.
  await tabToShownFocus(page, panel.getByRole('button', { name: 'Send a test event' }), 'Shift+Tab');
  await press(page, 'Enter');
  const failed = panel.getByRole('alert');
  await expect(failed).toContainText("The test event was not delivered: the address's name was not found.");
  await expect(failed.getByText(/ENOTFOUND/)).toBeHidden();
  await tabToShownFocus(page, failed.getByText('Technical detail'));
  await press(page, 'Enter');
  await expect(failed.getByText(/getaddrinfo ENOTFOUND ats\.zephyrion\.example/)).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A real event to that address fails the same way, and the log says when the next try is.
  const csrfToken = ((await (await page.request.get('/api/review/me')).json()) as { csrfToken: string }).csrfToken;
  const invited = await page.request.post('/api/review/tests/9m2wykp4/invitations', {
    headers: { 'x-csrf-token': csrfToken },
    data: { email: 'hooked@candidate.example', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const hook = page
    .getByRole('region', { name: 'Emails and webhooks' })
    .getByRole('row', { name: /Webhook: invitation\.created/ });
  await expect(async () => {
    await page.reload();
    await expect(hook).toContainText(/Attempt 1 failed: the address's name was not found\. Next try at /, {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(hook).toContainText('Technical detail');

  // Once the page is left, the secret is gone from it for good; the address stays.
  await page.reload();
  await expect(panel.getByLabel('Endpoint address (https)')).toHaveValue('https://ats.zephyrion.example/hooks');
  await expect(panel.getByLabel('Signing secret (shown once)')).toHaveCount(0);
});

test('an address an admin types before the saved one has loaded is kept, and saved as typed', async ({
  page,
  ownServer,
}) => {
  const admin = addReviewer('zephyrion-labs', 'Wes Waits', undefined, ownServer.dataDir);
  await signIn(page, admin, '/review/settings');
  // The saved address is held back until the admin has typed: a slow answer arrives after them.
  let answer: () => void = () => undefined;
  const typedFirst = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/review/webhook', async (route) => {
    if (route.request().method() === 'GET') await typedFirst;
    await route.continue();
  });
  await tabToShownFocus(page, page.getByRole('link', { name: 'Emails and webhooks' }));
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith('/api/review/webhook') && response.request().method() === 'GET',
  );
  await press(page, 'Enter');
  const panel = page.getByRole('region', { name: 'Webhook', exact: true });
  const field = panel.getByLabel('Endpoint address (https)');
  await tabToShownFocus(page, field);
  await type(page, 'https://ats.zephyrion.example/early');
  answer();
  await loaded;
  await expect(panel.getByRole('button', { name: 'Save endpoint' })).toBeVisible();
  await expect(field).toHaveValue('https://ats.zephyrion.example/early');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status').filter({ hasText: /secret/ })).toHaveText(
    'Saved. Copy the signing secret now: it is not shown again.',
  );
  await page.reload();
  await expect(field).toHaveValue('https://ats.zephyrion.example/early');
});
