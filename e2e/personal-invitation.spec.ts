import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import {
  ADA,
  adminSession,
  agreeAndStart,
  expect,
  fillConfirmationForm,
  refusedRequest,
  sessionId,
  sessionOfPage,
  test,
} from './fixtures.ts';
import {
  createInvitation,
  otherBrowser,
  PERSONAL_TEST,
  revokeInvitation,
  updateInvitation,
} from './invitation-helpers.ts';
import { answerBox, openQuestion, storedAnswers } from './quiz-helpers.ts';
import { tabToShownFocus, type } from './support/keyboard.ts';
import { connectCamera, recordFor } from './video-helpers.ts';

/** A closed link is answered 410, on purpose: by the invitation check and by the autosave it refuses. */
function allowClosedLink(allowProblem: (pattern: RegExp) => void): void {
  allowProblem(refusedRequest('/api/invitation-status', 410));
  allowProblem(refusedRequest('/api/answers', 410));
}

test.describe('personal invitation links', () => {
  test('a link with extra time, shown before agreeing, in the countdown, and used to the end', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const invitation = await createInvitation(request, PERSONAL_TEST.testId, 50);
    await page.goto(invitation.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
    const facts = page.locator('.test-facts');
    await expect(facts).toContainText('Extra time');
    await expect(facts).toContainText('+50 % (quiz time limit 23 mins instead of 15)');
    await expect(page.getByText('This is your personal invitation link.')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The form opens with the address and the name the company invited; the name is the candidate's to correct.
    await expect(page.getByLabel('Email')).toHaveValue(ADA.email);
    const name = page.getByLabel('Full Name');
    await expect(name).toHaveValue(ADA.fullName);
    await tabToShownFocus(page, name);
    await page.keyboard.press('End');
    await type(page, ' King');
    await fillConfirmationForm(page, { ...ADA, fullName: undefined });
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(page).toHaveURL(`${invitation.link}/quiz`);
    await expect(page.getByRole('timer')).toHaveText(/^2[23]:\d\d$/);
    await expect(page.getByText('you have 23 minutes')).toContainText('extra time of +50 %');

    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('With time to think');
    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page).toHaveURL(`${invitation.link}/vintro`);

    await connectCamera(page);
    await recordFor(page, 3, 'Record Now');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(`${invitation.link}/iprep`, { timeout: 30_000 });

    await page.locator('label[for="feedback-star-4"]').click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
    const summary = page.getByRole('region', { name: `What ${PERSONAL_TEST.companyName} receives` });
    await expect(summary).toContainText(
      /Submitted at \w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d \S+, when you chose Complete\./,
    );
    await expect(summary).toContainText(/Video introduction\s*Received at/);

    const session = await sessionOfPage(page, request);
    expect(session).toMatchObject({ invitationId: invitation.invitationId });
    expect(session?.registration.fullName).toBe(`${ADA.fullName} King`);
    expect(session?.answers).toMatchObject({ final: true, finalReason: 'complete', late: false });
    // The server's deadline counts the same 23 minutes as the countdown.
    expect(Date.parse(session?.lateAfter) - Date.parse(session?.startedAt)).toBeGreaterThanOrEqual(23 * 60_000);

    // The finished link still opens in this browser, straight at its end, with nothing to start again.
    await page.goto(invitation.link);
    await expect(page).toHaveURL(`${invitation.link}/iprep`);
    await expect(page.getByRole('heading', { name: "You're all done" })).toBeVisible();
  });

  test('in a second browser the link is in use; the first browser continues where it was', async ({
    page,
    request,
    browser,
  }) => {
    const invitation = await createInvitation(request, PERSONAL_TEST.testId);
    await agreeAndStart(page, invitation.link.slice('/invite/'.length));
    await openQuestion(page, 2);
    await answerBox(page).click();
    await page.keyboard.type('Kept in my browser');
    await expect.poll(() => storedAnswers(page)).toEqual(['', '<p>Kept in my browser</p>', '']);
    const startTime = await page.evaluate(() => localStorage.getItem('startTime'));
    await expect.poll(async () => (await sessionOfPage(page, request))?.invitationId).toBe(invitation.invitationId);

    const second = await otherBrowser(browser);
    try {
      for (const path of [invitation.link, `${invitation.link}/quiz`]) {
        await second.page.goto(path);
        const heading = second.page.getByRole('heading', { level: 1, name: 'This invitation link is already in use' });
        await expect(heading).toBeFocused();
        await expect(second.page).toHaveURL(invitation.link);
        await expect(second.page.getByText('go back to the browser and computer where you started')).toBeVisible();
      }
      expect(await seriousAccessibilityViolations(second.page)).toEqual([]);
    } finally {
      await second.close();
    }

    await page.goto(invitation.link);
    const welcome = page.getByRole('region', { name: /^Welcome back/ });
    await expect(welcome).toContainText('You were at Section 1: Problem Solving.');
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${invitation.link}/quiz`);
    await openQuestion(page, 2);
    await expect(answerBox(page)).toHaveText('Kept in my browser');
    expect(await page.evaluate(() => localStorage.getItem('startTime'))).toBe(startTime);
  });

  test('a link revoked during the quiz sends the candidate to Link Expired; the server keeps what it had', async ({
    page,
    request,
    allowProblem,
  }) => {
    test.setTimeout(90_000);
    allowClosedLink(allowProblem);
    const invitation = await createInvitation(request, PERSONAL_TEST.testId);
    await agreeAndStart(page, invitation.link.slice('/invite/'.length));
    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('Before the revocation');
    const id = await sessionId(page);
    await expect
      .poll(async () => (await adminSession(request, id))?.answers?.html[0], { timeout: 30_000 })
      .toBe('<p>Before the revocation</p>');

    await revokeInvitation(request, invitation.invitationId);
    await page.keyboard.type(', and after it');
    // The next autosave is answered 410.
    await expect(page).toHaveURL('/expired', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Link Expired' })).toBeVisible();
    // A revoked link erased nothing: the candidate is not told it did.
    await expect(page.getByText('has been erased')).toHaveCount(0);

    expect((await adminSession(request, id))?.answers?.html[0]).toBe('<p>Before the revocation</p>');
    expect(await storedAnswers(page)).toEqual(['<p>Before the revocation, and after it</p>', '', '']);

    // The link itself, and any of its sections, now lead there too.
    for (const path of [invitation.link, `${invitation.link}/quiz`]) {
      await page.goto(path);
      await expect(page).toHaveURL('/expired');
    }
  });

  test('an expired link leads to Link Expired, before the start and during the quiz', async ({
    page,
    request,
    allowProblem,
  }) => {
    test.setTimeout(90_000);
    allowClosedLink(allowProblem);
    const unopened = await createInvitation(request, PERSONAL_TEST.testId, 0, 1_000);
    await expect.poll(() => Date.now() > Date.parse(unopened.expiresAt)).toBe(true);
    await page.goto(unopened.link);
    await expect(page).toHaveURL('/expired');
    await expect(page.getByRole('heading', { name: 'Link Expired' })).toBeVisible();

    const started = await createInvitation(request, PERSONAL_TEST.testId, 0, 15_000);
    await agreeAndStart(page, started.link.slice('/invite/'.length));
    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('Typed in time');
    await expect.poll(() => storedAnswers(page)).toEqual(['<p>Typed in time</p>', '', '']);
    await expect.poll(() => Date.now() > Date.parse(started.expiresAt), { timeout: 30_000 }).toBe(true);
    // Back in the tab after the expiry: the section asks about the link again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL('/expired');
    expect(await storedAnswers(page)).toEqual(['<p>Typed in time</p>', '', '']);
  });

  test('extra time added during the quiz reaches the countdown when the candidate comes back to the tab', async ({
    page,
    request,
  }) => {
    const invitation = await createInvitation(request, PERSONAL_TEST.testId);
    await agreeAndStart(page, invitation.link.slice('/invite/'.length));
    await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);

    await updateInvitation(request, invitation.invitationId, { extraTimePercent: 100 });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('timer')).toHaveText(/^(29|30):\d\d$/);
    await expect(page.getByText('you have 30 minutes')).toContainText('extra time of +100 %');
  });

  test('an unknown token of a known test is Page Not Found', async ({ page, allowProblem }) => {
    allowProblem(refusedRequest('/api/invitation-status', 404));
    await page.goto(`/invite/${PERSONAL_TEST.testId}-${'z'.repeat(26)}`);
    await expect(page).toHaveURL('/404');
  });
});
