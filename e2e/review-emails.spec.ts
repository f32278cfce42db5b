import fs from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import { addReviewer, signIn, test } from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches: its emails are this spec's alone. */
const RILLPOOL = { companyId: 'rillpool-finance', testId: 'p08kftt6', roleName: 'DeFi Research Analyst' };

/** The run's server has no mail server (`SMTP_URL` unset): each message is a file under DATA_DIR/mail. */
const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

async function messagesTo(address: string): Promise<{ file: string; mail: ParsedMail; written: number }[]> {
  const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((file) => file.endsWith('.eml')) : [];
  const all = await Promise.all(
    files.map(async (file) => {
      const full = path.join(mailDir, file);
      return { file, mail: await simpleParser(fs.readFileSync(full)), written: fs.statSync(full).mtimeMs };
    }),
  );
  return all.filter(({ mail }) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
}

test('with no mail server an invitation is kept as a file; the reviewer reads it in Emails, sends it again and sets reminders, by keyboard alone', async ({
  page,
}) => {
  const reviewer = addReviewer(RILLPOOL.companyId, 'Mira Mailer');
  const email = `grace-${Date.now().toString(36)}@candidate.example`;
  await signIn(page, reviewer, `/review/tests/${RILLPOOL.testId}/invitations`);
  const form = page.getByRole('form', { name: 'Invite a candidate' });
  await form.getByLabel("Candidate's email").fill(email);
  await form.getByLabel('Name (optional)').fill('Grace Hopper');
  await form.getByRole('button', { name: 'Create invitation' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Invitation for ${email} created. Email is not set up: copy the link from the list below.`,
  );
  const link = await page.getByLabel(`Personal link for ${email}`).inputValue();

  // The message as it would have gone out: to the candidate, in the company's name, with the link.
  await expect.poll(async () => (await messagesTo(email)).length, { timeout: 15_000 }).toBe(1);
  const [first] = await messagesTo(email);
  expect(first?.mail.subject).toBe(`Your assessment for ${RILLPOOL.roleName} at Rillpool Finance`);
  expect(first?.mail.from?.text).toContain('Rillpool Finance');
  expect(first?.mail.text).toContain(`Open your assessment: ${link}`);
  expect(first?.mail.attachments).toEqual([]);

  await page.goto('/review/');
  const emails = page.getByRole('region', { name: 'Emails and webhooks' });
  await expect(emails.getByText('Email is not set up: copy the link.', { exact: false })).toBeVisible();
  const row = emails.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Invitation');
  await expect(row).toContainText('Kept on the server, not sent (email is not set up) at');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const sendAgain = row.getByRole('button', { name: `Send again: Invitation to ${email}` });
  await tabToShownFocus(page, sendAgain);
  await press(page, 'Enter');
  const status = emails.getByRole('status');
  await expect(status).toHaveText(`Invitation to ${email} is queued to be sent again.`);
  await expect(status).toBeFocused();
  // Written again, as the same message (its file is named by the delivery): never a second one.
  await expect
    .poll(async () => (await messagesTo(email)).map(({ written }) => written > (first?.written ?? 0)), {
      timeout: 15_000,
    })
    .toEqual([true]);
  const [again] = await messagesTo(email);
  expect(again?.file).toBe(first?.file);
  expect(again?.mail.messageId).toBe(first?.mail.messageId);

  // The company's reminder: 48 hours before a link expires unless an admin changes it.
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

test('an admin invites a list of candidates by keyboard: a bad row is named and nothing is made, then all are emailed', async ({
  page,
  allowProblem,
}) => {
  allowProblem(refusedRequest(`/api/review/tests/${RILLPOOL.testId}/invitations/bulk`, 400));
  const admin = addReviewer(RILLPOOL.companyId, 'Lena List');
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
  await expect(form.getByRole('status')).toHaveText(
    '3 invitations created. Email is not set up: copy the links from the list below.',
  );
  await expect(list).toHaveValue('');
  for (const email of [lin, kim, sam]) {
    await expect(page.getByLabel(`Personal link for ${email}`)).toBeVisible();
    await expect.poll(async () => (await messagesTo(email)).length, { timeout: 15_000 }).toBe(1);
  }
  const [toSam] = await messagesTo(sam);
  expect(toSam?.mail.text).toContain('Hello Sam Okafor,');
  expect(toSam?.mail.text).toContain('which includes 50 % extra time given to you');
});

test('an admin sets the webhook endpoint by keyboard, copies its secret once, and rotates it', async ({ page }) => {
  const admin = addReviewer('zephyrion-labs', 'Wes Hooks');
  await signIn(page, admin, '/review/');
  const panel = page.getByRole('region', { name: 'Webhook', exact: true });
  await tabToShownFocus(page, panel.getByLabel('Endpoint address (https)'));
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

  // Once the page is left, the secret is gone from it for good; the address stays.
  await page.reload();
  await expect(panel.getByLabel('Endpoint address (https)')).toHaveValue('https://ats.zephyrion.example/hooks');
  await expect(panel.getByLabel('Signing secret (shown once)')).toHaveCount(0);
});
