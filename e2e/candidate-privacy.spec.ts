import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, agreeAndStart, expect, fillConfirmationForm, refusedRequest, sessionId } from './fixtures.ts';
import { createInvitation, otherBrowser } from './invitation-helpers.ts';
import { addReviewer, signIn, signInHereByKeyboard, test } from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

/** A company no other spec touches: its retention period and access log are this spec's alone. */
const QUILLSTONE = {
  companyId: 'quillstone-exchange',
  companyName: 'Quillstone Exchange',
  testId: 'sd9d2vey',
  roleName: 'Market Surveillance Analyst',
};
/**
 * The company's test for the erasure: its list of candidates, where the erasure ends, never shows
 * the other test's candidate, whose looks are counted.
 */
const ERASURE_TEST_ID = 'x0gsaxmk';
/** The company's test whose list of invitations is looked at: no other test here lists its invitations. */
const INVITATIONS_TEST = { testId: 'esok50ll', roleName: 'Token Listing Manager' };

// The company's home page lists every email sent in its name, and each candidate it names is a look
// at them (api/src/privacy/access-records.ts): these tests, which count the looks at a candidate of
// their own, run one after another, so that no other test's admin is shown that candidate meanwhile.
test.describe.configure({ mode: 'default' });

/** A browser of its own (`otherBrowser`: its own cookies and storage), watched like `page`. */
async function ownBrowser(browser: Browser, watchPage: (page: Page) => Promise<void>) {
  const own = await otherBrowser(browser);
  await watchPage(own.page);
  return own;
}

/** The candidate goes on from the quiz without a video, as one without a camera may, and rates 4 stars. */
async function finishWithFeedback(page: Page, inviteId = QUILLSTONE.testId): Promise<void> {
  await page.evaluate(() => localStorage.setItem('noVideo', 'true'));
  await page.goto(`/invite/${inviteId}/iprep`);
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
}

test('a reviewer opens a finished candidate: the end screen says so, and the candidate takes a copy of their data', async ({
  page,
  browser,
  watchPage,
}) => {
  test.setTimeout(120_000);
  await agreeAndStart(page, QUILLSTONE.testId);
  const id = await sessionId(page);
  await finishWithFeedback(page);
  const record = page.getByRole('region', { name: `What ${QUILLSTONE.companyName} receives` });
  await expect(record.getByText(`No one at ${QUILLSTONE.companyName} has looked at your data yet.`)).toHaveText(
    `No one at ${QUILLSTONE.companyName} has looked at your data yet. Each time your submission is opened or its ` +
      'review changed, your video played, your record downloaded, your personal invitation changed, or you or your ' +
      'personal invitation shown in a list, it is listed here with the time and the role of who did it.',
  );

  const admin = addReviewer(QUILLSTONE.companyId, 'Alma Admin');
  const review = (await ownBrowser(browser, watchPage)).page;
  await signIn(review, admin, `/review/candidates/${id}`);
  await expect(review.getByRole('heading', { level: 1, name: ADA.fullName })).toBeVisible();

  await page.reload();
  await expect(record.getByText('Looked at so far by 1 admin.')).toBeVisible();
  await expect(record.getByRole('listitem')).toHaveText([/: An admin opened your submission\.$/]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await record.getByRole('button', { name: 'Download a copy of my data' }).click();
  const copy = JSON.parse(await readFile((await (await download).path()) as string, 'utf8'));
  expect(copy.record.registration).toMatchObject({ email: ADA.email, fullName: ADA.fullName });
  expect(copy.looks).toEqual([{ at: expect.any(String), role: 'admin', action: 'opened' }]);

  // The company's admin finds the same look in the access log, with who it was. The log is the
  // company's, and other tests look at its other candidates meanwhile: the row is found by its admin.
  await review.goto('/review/settings/access-log');
  const log = review.getByRole('table', { name: 'Access log, newest first' });
  const looks = log.getByRole('row').filter({ hasText: admin.email });
  const look = looks.filter({ hasText: 'Opened the candidate' });
  await expect(look).toHaveCount(1);
  // The log names the candidate, and leads to their page.
  await expect(look.getByRole('link', { name: ADA.fullName })).toHaveAttribute('href', new RegExp(`${id}$`));
  // Written as every other time on the review page ("Dec 5, 2026, 6:04 PM").
  await expect(look.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/);
  // The page's list of emails names the candidate as their receipt's recipient: a look of its own.
  await review.goto('/review/settings/emails');
  await expect(review.getByRole('table', { name: 'Emails and webhooks, newest first' })).toContainText(ADA.email);

  // The candidate's answer to the gender question reaches the company only as a count, and not
  // while their month runs: counts that moved with each candidate would tell whose answer each
  // change was (e2e/review-gender-months.spec.ts shows a month counted).
  await review.goto(`/review/tests/${QUILLSTONE.testId}`);
  const byGender = review.getByRole('region', { name: 'Candidates by gender, counted together' });
  const month = byGender.getByRole('region', { name: /^Registered in / });
  await expect(month).toHaveCount(1);
  await expect(month).toContainText('Not counted yet.');
  await expect(byGender.getByRole('table')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(review)).toEqual([]);

  // The list of the test's candidates, with their names, is a look at each of them too.
  const candidates = review.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(candidates.getByRole('row').filter({ hasText: ADA.fullName }).first()).toBeVisible();
  await review.goto('/review/settings/access-log');
  const ada = review.locator(`a[href$="${id}"]`);
  await expect(
    looks.filter({ hasText: 'Saw the candidate in the list of candidates' }).filter({ has: ada }),
  ).toHaveCount(1);
  await expect(
    looks.filter({ hasText: 'Saw the email address in the list of messages' }).filter({ has: ada }),
  ).toHaveCount(1);
  // The admin saw her name in the log itself: a look too, once in these ten minutes.
  await expect(looks.filter({ hasText: 'Saw the name in the access log' }).filter({ has: ada })).toHaveCount(1);
  await page.reload();
  await expect(record.getByRole('listitem')).toHaveText([
    /: An admin saw your entry in the list of candidates\.$/,
    /: An admin saw your email address in the list of messages sent\.$/,
    /: An admin saw your name in the company's access log\.$/,
    /: An admin opened your submission\.$/,
  ]);
});

test('an admin sets how long data is kept and erases a candidate, by keyboard; the candidate’s link says it was erased', async ({
  page,
  browser,
  request,
  watchPage,
  allowProblem,
}) => {
  test.setTimeout(120_000);
  // After the erasure the link, and any save still on its way, are answered 410 on purpose.
  allowProblem(refusedRequest('/api/invitation-status', 410));
  allowProblem(refusedRequest('/api/answers', 410));
  allowProblem(refusedRequest('/api/my-record', 410));
  // Once erased, the candidate is no longer the company's to open.
  allowProblem(refusedRequest('/api/review/candidates/', 404));
  const admin = addReviewer(QUILLSTONE.companyId, 'Esme Eraser');
  const review = (await ownBrowser(browser, watchPage)).page;
  await signIn(review, admin, '/review/settings/retention');

  const days = review.getByLabel("Erase each candidate's data after (days)");
  await tabToShownFocus(review, days);
  await review.keyboard.press('ControlOrMeta+a');
  await review.keyboard.type('3');
  await press(review, 'Enter');
  await expect(review.getByRole('alert')).toHaveText('Enter a whole number of days from 7 to 3650.');
  await review.keyboard.press('ControlOrMeta+a');
  await review.keyboard.type('30');
  await tabToShownFocus(review, review.getByRole('button', { name: 'Save', exact: true }));
  await press(review, 'Enter');
  await expect(review.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    "Saved: each candidate's data is now erased 30 days after they started.",
  );
  expect(await seriousAccessibilityViolations(review)).toEqual([]);

  // The candidate is told that period on the landing page, before they start.
  const invitation = await createInvitation(request, ERASURE_TEST_ID);
  await page.goto(invitation.link);
  await page.getByText('Privacy notice: what is collected, who sees it, how long it is kept').click();
  await expect(page.getByText('Everything is erased 30 days after you start the assessment.')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${invitation.link}/quiz`);
  const id = await sessionId(page);

  await review.goto(`/review/candidates/${id}`);
  await expect(review.getByRole('heading', { level: 1, name: ADA.fullName })).toBeVisible();
  const erase = review.getByRole('button', { name: "Erase this candidate's data" });
  await tabToShownFocus(review, erase);
  await press(review, 'Enter');
  await expect(review.getByRole('button', { name: 'Erase for good' })).toBeFocused();
  await tabToShownFocus(review, review.getByRole('button', { name: 'Keep the data' }));
  await press(review, 'Enter');
  await expect(erase).toBeFocused();
  await press(review, 'Enter');
  await press(review, 'Enter');
  await expect(review).toHaveURL(new RegExp(`/review/tests/${ERASURE_TEST_ID}$`));
  await expect(review.getByRole('status').filter({ hasText: 'erased' })).toHaveText(
    `${ADA.fullName}'s data was erased.`,
  );
  await review.goto(`/review/candidates/${id}`);
  await expect(review.getByRole('heading', { level: 1 })).toHaveText('No such candidate');

  await page.goto(invitation.link);
  await expect(page).toHaveURL('/expired');
  await expect(page.getByRole('heading', { level: 1, name: 'Link Expired' })).toBeVisible();
  await expect(page.getByText('Your data for this assessment has been erased')).toBeVisible();
});

test('an admin sees a personal invitation in the list of invitations, by keyboard: the access log says so, and so does the end screen of the candidate who uses it', async ({
  page,
  browser,
  request,
  watchPage,
}) => {
  test.setTimeout(120_000);
  const invitation = await createInvitation(request, INVITATIONS_TEST.testId);
  const admin = addReviewer(QUILLSTONE.companyId, 'Ivo Inviter');
  const review = (await ownBrowser(browser, watchPage)).page;
  // The list of emails names the invitee as their invitation's recipient: a look before the next.
  await review.goto('/review/settings/emails');
  await signInHereByKeyboard(review, admin);
  await expect(review.getByRole('heading', { level: 1, name: 'Emails and webhooks' })).toBeFocused();
  await expect(review.getByRole('table', { name: 'Emails and webhooks, newest first' })).toContainText(ADA.email);
  await tabToShownFocus(
    review,
    review.getByRole('navigation', { name: 'Review page' }).getByRole('link', { name: 'Tests' }),
    'Shift+Tab',
  );
  await press(review, 'Enter');
  await expect(review.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await tabToShownFocus(review, review.getByRole('link', { name: INVITATIONS_TEST.roleName }));
  await press(review, 'Enter');
  await expect(review.getByRole('heading', { level: 1, name: INVITATIONS_TEST.roleName })).toBeFocused();
  await tabToShownFocus(review, review.getByRole('link', { name: 'Invitations', exact: true }));
  await press(review, 'Enter');
  await expect(review).toHaveURL(new RegExp(`/review/tests/${INVITATIONS_TEST.testId}/invitations$`));
  const card = review.getByRole('article', { name: new RegExp(ADA.fullName) });
  await expect(card).toContainText(ADA.email);

  // Nobody has used the invitation yet: the look is on record by it, with whom it is for.
  // The access log is a page of the settings, two links away by keyboard.
  const settings = review.getByRole('navigation', { name: 'Review page' }).getByRole('link', { name: 'Settings' });
  await tabToShownFocus(review, settings, 'Shift+Tab');
  await press(review, 'Enter');
  await expect(review.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await tabToShownFocus(review, review.getByRole('main').getByRole('link', { name: 'Access log' }));
  await press(review, 'Enter');
  await expect(review.getByRole('heading', { level: 1, name: 'Access log' })).toBeFocused();
  await expect(review).toHaveURL(/\/review\/settings\/access-log$/);
  const log = review.getByRole('table', { name: 'Access log, newest first' });
  const look = log
    .getByRole('row')
    .filter({ hasText: admin.email })
    .filter({ hasText: 'Saw the invitation in the list of invitations' });
  await expect(look).toHaveCount(1);
  await expect(look).toContainText(`Invitation for ${ADA.email}`);
  expect(await seriousAccessibilityViolations(review)).toEqual([]);

  // The candidate is told before they start, and shown the look when they finish.
  const inviteId = invitation.link.replace('/invite/', '');
  await page.goto(invitation.link);
  await page.getByText('Privacy notice: what is collected, who sees it, how long it is kept').click();
  await expect(page.getByText(/your personal invitation in their list of invitations/)).toBeVisible();
  await agreeAndStart(page, inviteId);
  await finishWithFeedback(page, inviteId);
  const record = page.getByRole('region', { name: `What ${QUILLSTONE.companyName} receives` });
  await expect(record.getByText('Looked at so far by 1 admin.')).toBeVisible();
  await expect(record.getByRole('listitem')).toHaveText([
    /: An admin saw your invitation in the list of invitations\.$/,
    /: An admin saw your email address in the list of messages sent\.$/,
  ]);
});
