import { getTest } from '@assessment/core';
import type { Browser, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, type CandidateForm, expect, fillConfirmationForm, refusedRequest } from './fixtures.ts';
import { otherBrowser } from './invitation-helpers.ts';
import { answerBox, openQuestion, pasteInto, switchAway } from './quiz-helpers.ts';
import { addReviewer, signIn, testOnOwnServer as test } from './review-helpers.ts';
import { connectCamera, playBackAndSeek, recordFor } from './video-helpers.ts';

/** A company no other test touches; its community test has a 15-minute quiz. */
const KESTRELYN = { companyId: 'kestrelyn-games', testId: 'u9taheak', roleName: 'Community Lead' };

/** The first line of question `n` as the catalogue words it. */
function questionOf(n: number): string {
  const text = getTest(KESTRELYN.testId)?.questions[n - 1]?.[0];
  if (!text) throw new Error(`The catalogue has no question ${n} for ${KESTRELYN.testId}`);
  return text;
}

/** A browser of its own (`otherBrowser`: its own cookies and storage), watched like `page`. */
async function ownBrowser(browser: Browser, watchPage: (page: Page) => Promise<void>) {
  const own = await otherBrowser(browser);
  await watchPage(own.page);
  return own;
}

/** Invites a candidate on the review page's form; the personal link as the page shows it. */
async function invite(review: Page, email: string, name: string, extraTime: string): Promise<string> {
  const form = review.getByRole('form', { name: 'Invite a candidate' });
  await form.getByLabel("Candidate's email").fill(email);
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Extra quiz time').selectOption({ label: extraTime });
  await form.getByRole('button', { name: 'Create invitation' }).click();
  await expect(review.getByText(`Invitation for ${email} created, and emailed to them.`)).toBeVisible();
  return review
    .getByRole('article', { name: new RegExp(name) })
    .getByLabel(`Personal link for ${email}`)
    .inputValue();
}

async function agreeOn(page: Page, link: string, form: CandidateForm): Promise<void> {
  await fillConfirmationForm(page, form);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${link}/quiz`);
}

test('a reviewer invites with +50 % time, the candidate finishes, the reviewer reviews; a revoked link ends at Link Expired', async ({
  page,
  browser,
  watchPage,
  allowProblem,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const reviewer = addReviewer(KESTRELYN.companyId, undefined, undefined, ownServer.dataDir);
  const reviewBrowser = await ownBrowser(browser, watchPage);
  const review = reviewBrowser.page;
  await signIn(review, reviewer, `/review/tests/${KESTRELYN.testId}/invitations`);
  await expect(review.getByRole('heading', { level: 1, name: KESTRELYN.roleName })).toBeVisible();

  const adaLink = await invite(review, ADA.email, 'Ada Lovelace', '+50 % (quiz time 23 min instead of 15)');
  const secondLink = await invite(review, 'second@candidate.example', 'Second Candidate', 'None (quiz time 15 min)');
  expect(new URL(adaLink).origin).toBe(ownServer.origin);
  expect(new URL(adaLink).pathname).toMatch(new RegExp(`^/invite/${KESTRELYN.testId}-[a-z0-9]{26}$`));
  const adaPath = new URL(adaLink).pathname;
  const secondPath = new URL(secondLink).pathname;

  // The candidate opens the personal link, sees the extra time before agreeing, and finishes.
  await page.goto(adaLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
  await expect(page.locator('.test-facts')).toContainText('+50 % (quiz time limit 23 mins instead of 15)');
  await agreeOn(page, adaPath, ADA);
  await expect(page.getByRole('timer')).toHaveText(/^2[23]:\d\d$/);

  await openQuestion(page, 1);
  await answerBox(page).click();
  await page.keyboard.type('I would start with the most active members.');
  await page.getByRole('button', { name: 'All questions' }).click();
  await openQuestion(page, 2);
  await pasteInto(page, 'Twelve chars');
  await expect(answerBox(page)).toHaveText('Twelve chars');
  await switchAway(page);
  await page.getByRole('button', { name: 'All questions' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page).toHaveURL(`${adaPath}/vintro`);

  await connectCamera(page);
  await recordFor(page, 3, 'Record Now');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`${adaPath}/iprep`, { timeout: 30_000 });
  await page.locator('label[for="feedback-star-4"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();

  // The reviewer finds the invitation finished and the candidate in the list, then opens them.
  await review.reload();
  const adaCard = review.getByRole('article', { name: /Ada Lovelace/ });
  await expect(adaCard.getByRole('heading')).toContainText('Finished');
  await review.getByRole('link', { name: 'Candidates' }).click();
  const row = review.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toContainText('Finished');
  await expect(row).toContainText('1 tab switch, 1 paste');
  const videoAnswers: number[] = [];
  review.on('response', (response) => {
    if (response.url().endsWith('/video')) videoAnswers.push(response.status());
  });
  await row.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(review.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeFocused();
  // The quiz's time counts from when she pressed Start the quiz, which the reviewer reads too.
  await expect(
    review.getByRole('definition').filter({ hasText: /min \(with \+50 % extra time\), started .+, until / }),
  ).toBeVisible();

  const first = review.getByRole('article', { name: 'Question 1' });
  await expect(first).toContainText(questionOf(1));
  await expect(first.locator('.candidate-html')).toHaveText('I would start with the most active members.');
  const pasted = review.getByRole('article', { name: 'Question 2' });
  await expect(pasted).toContainText(questionOf(2));
  await expect(pasted.locator('.candidate-html')).toHaveText('Twelve chars');

  // The video plays and seeks: the browser's player fetches byte ranges of it.
  await playBackAndSeek(review.getByLabel('Video introduction by Ada Lovelace'));
  expect(videoAnswers).toContain(206);

  const timeline = review.getByRole('table', { name: /Proctoring timeline/ });
  const events = timeline.locator('tbody tr');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0).getByRole('cell')).toContainText([
    /\d\d:\d\d:\d\d/,
    /^\d+:\d\d$/,
    'Pasted 12 characters',
    'Question 2',
  ]);
  await expect(events.nth(1).getByRole('cell')).toContainText([
    /\d\d:\d\d:\d\d/,
    /^\d+:\d\d$/,
    'Left the page (tab or window switch)',
    'Question 2',
  ]);
  await expect(review.getByText('signals that need a human look, not proof')).toBeVisible();
  expect(await seriousAccessibilityViolations(review)).toEqual([]);

  // A second candidate starts on their link; the reviewer revokes it; their next save ends there.
  // The server's designed answer to a revoked link is 410, to the save and to the link's check.
  allowProblem(refusedRequest('/api/answers', 410));
  allowProblem(refusedRequest('/api/invitation-status', 410));
  const secondBrowser = await ownBrowser(browser, watchPage);
  const second = secondBrowser.page;
  await second.goto(secondLink);
  await agreeOn(second, secondPath, { ...ADA, email: 'second@candidate.example', fullName: 'Second Candidate' });
  await openQuestion(second, 1);
  await answerBox(second).click();
  await second.keyboard.type('Started before the revocation');

  await review.goto(`/review/tests/${KESTRELYN.testId}/invitations`);
  const secondCard = review.getByRole('article', { name: /Second Candidate/ });
  await expect(secondCard.getByRole('heading')).toContainText('In progress');
  await secondCard.getByRole('button', { name: 'Revoke link' }).click();
  await secondCard.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(secondCard.getByRole('heading')).toContainText('Revoked');

  await second.keyboard.type(', typed after it');
  await expect(second).toHaveURL('/expired', { timeout: 30_000 });
  await expect(second.getByRole('heading', { name: 'Link Expired' })).toBeVisible();
  await Promise.all([reviewBrowser.close(), secondBrowser.close()]);
});
