import type { APIRequestContext, Page } from '@playwright/test';
import { reachFeedback, storedFeedback } from './feedback-helpers.ts';
import {
  ADA,
  ADMIN_TOKEN,
  adminSession,
  agreeAndStart,
  expect,
  failedRequest,
  localStorageKeys,
  refusedRequest,
  sessionId,
  sessionOfPage,
  test,
} from './fixtures.ts';
import { answerBox, openQuestion, storedAnswers } from './quiz-helpers.ts';
import { connectCamera, IPREP, recordFor, storedVideoRows, VINTRO } from './video-helpers.ts';

/** Another test of the catalogue, for an earlier session in the same browser. */
const EARLIER_TEST_ID = '0zn3x0pd';

/** An earlier session in this browser, on another test, up to its feedback form. */
async function reachEarlierFeedback(page: Page): Promise<void> {
  await agreeAndStart(page, EARLIER_TEST_ID);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(`/invite/${EARLIER_TEST_ID}/iprep`);
}

/**
 * An earlier session's feedback sent offline, so its end screen waits with it; the session is
 * then erased and the network comes back, and the server answers the feedback 410. Answers the
 * earlier session's id.
 */
async function earlierErasedWhileItsFeedbackWaits(
  page: Page,
  request: APIRequestContext,
  allowProblem: (pattern: RegExp) => void,
): Promise<string> {
  allowProblem(failedRequest('/api/feedback', 'net::ERR_INTERNET_DISCONNECTED'));
  allowProblem(refusedRequest('/api/feedback', 410));
  await reachEarlierFeedback(page);
  await expect.poll(async () => (await sessionOfPage(page, request)) !== undefined).toBe(true);
  const earlier = await sessionId(page);
  await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'still being sent' })).toBeVisible();
  const erased = await request.delete(`/api/admin/sessions/${earlier}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  await page.unroute('**/api/feedback');
  return earlier;
}

/** A new session in the same browser submits its feedback and has its end screen. */
async function finishNewSession(page: Page): Promise<void> {
  await reachFeedback(page);
  await page.locator('label[for="feedback-star-2"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
}

test('with the API unreachable the thanks say it is still sending, then confirm once it is back', async ({
  page,
  request,
  allowProblem,
}) => {
  // The feedback call fails for as long as the test keeps the network down.
  allowProblem(failedRequest('/api/feedback', 'net::ERR_INTERNET_DISCONNECTED'));
  await reachFeedback(page);
  await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByLabel(/What could make this assessment better/).fill('Sent while offline');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  const sending = page.getByRole('status').filter({ hasText: 'still being sent' });
  await expect(sending).toContainText('keep this tab open');
  await expect(page.getByText('All responses have been submitted successfully!')).toHaveCount(0);
  const unique = await sessionId(page);
  expect(await storedFeedback(request, unique)).toBeNull();

  // Closing the tab now asks first, so the feedback is not left behind by accident.
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const leave = await dialog;
  expect(leave.type()).toBe('beforeunload');
  await leave.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.unroute('**/api/feedback');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(
    page.getByRole('status').filter({ hasText: 'All responses have been submitted successfully!' }),
  ).toBeVisible();
  await expect(sending).toHaveCount(0);
  expect(await storedFeedback(request, unique)).toMatchObject({ stars: 4, feedback: 'Sent while offline' });
});

test('a response the server refuses for good is never reported as submitted', async ({ page, allowProblem }) => {
  // The refusal the test answers with, and the outbox's log of it (refused calls are logged, never retried).
  allowProblem(refusedRequest('/api/feedback', 400));
  allowProblem(/^console error: Outbox: the server refused POST \/feedback \(400\)/);
  await reachFeedback(page);
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 400, json: { error: 'feedback: Too big: expected string to have <=2000 characters' } }),
  );
  await page.locator('label[for="feedback-star-4"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'could not be accepted' })).toContainText(
    'could not be accepted by our server',
  );
  await expect(page.getByText('All responses have been submitted successfully!')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'could not be accepted' })).toContainText(
    'could not be accepted by our server',
  );
});

test("an earlier session's call answered gone does not keep a new session's end screen sending", async ({
  page,
  request,
  allowProblem,
}) => {
  const earlier = await earlierErasedWhileItsFeedbackWaits(page, request, allowProblem);
  // The earlier end screen asks before the page is left while its call waits; the candidate leaves.
  page.on('dialog', (dialog) => void dialog.accept());
  const answeredGone = page.waitForResponse(
    (response) => response.url().endsWith('/api/feedback') && response.status() === 410,
  );
  await finishNewSession(page);
  await answeredGone;
  // An erased session's call can never be taken: this browser stops retrying it and keeps no copy.
  const waitingOfEarlier = () =>
    page.evaluate(
      (id) =>
        (JSON.parse(localStorage.getItem('outbox') ?? '[]') as { sequence?: string }[]).filter(
          (item) => item.sequence === id,
        ).length,
      earlier,
    );
  await expect.poll(waitingOfEarlier).toBe(0);
  // Nor any other trace of it, the record of its refused call included; the new session's stay.
  const newer = await sessionId(page);
  await expect.poll(async () => JSON.stringify(await localStorageKeys(page))).not.toContain(earlier);
  expect(await page.evaluate(() => localStorage.getItem('unique'))).toBe(newer);

  const done = page.getByRole('status').filter({ hasText: 'All responses have been submitted successfully!' });
  await expect(done).toBeVisible();
  await expect(page.getByText('still being sent')).toHaveCount(0);
  expect(await storedFeedback(request, await sessionId(page))).toMatchObject({ stars: 3 });
  expect(await adminSession(request, earlier)).toBeUndefined();
});

test("an earlier session told it was erased leaves a new session's end screen its own", async ({
  page,
  request,
  allowProblem,
}) => {
  // The earlier session's end screen hears 410 for its waiting call and its summary: erased.
  allowProblem(refusedRequest('/api/my-record', 410));
  allowProblem(/^console error: My record: the server answered 410/);
  await earlierErasedWhileItsFeedbackWaits(page, request, allowProblem);
  await expect(page).toHaveURL('/expired');
  await expect(page.getByRole('heading', { level: 1, name: 'Link Expired' })).toBeVisible();
  // Told why: not a link that may have expired, but their data that is gone.
  await expect(page.getByText('Your data for this assessment has been erased')).toBeVisible();

  // The same browser then takes another test to its end: the summary read there is this session's.
  await finishNewSession(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'All responses have been submitted successfully!' }),
  ).toBeVisible();
  await expect(page.getByText('This is what the server holds of your assessment')).toBeVisible();
  await expect(page).toHaveURL(/\/iprep$/);
});

test("an earlier session's refused call does not turn a new session's success into a refusal", async ({
  page,
  request,
  allowProblem,
}) => {
  allowProblem(refusedRequest('/api/feedback', 400));
  allowProblem(/^console error: Outbox: the server refused POST \/feedback \(400\)/);
  await reachEarlierFeedback(page);
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 400, json: { error: 'feedback: Too big: expected string to have <=2000 characters' } }),
  );
  await page.locator('label[for="feedback-star-4"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'could not be accepted' })).toBeVisible();
  await page.unroute('**/api/feedback');

  await finishNewSession(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'All responses have been submitted successfully!' }),
  ).toBeVisible();
  await expect(page.getByText('could not be accepted')).toHaveCount(0);
  expect(await storedFeedback(request, await sessionId(page))).toMatchObject({ stars: 3 });
});

test('after an erasure and Link Expired, this browser holds nothing of the session: details, answers, feedback, calls, video', async ({
  page,
  request,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/feedback', 'net::ERR_INTERNET_DISCONNECTED'));
  allowProblem(refusedRequest('/api/feedback', 410));
  allowProblem(refusedRequest('/api/my-record', 410));
  allowProblem(/^console error: My record: the server answered 410/);
  const answer = 'An answer the erasure takes from this browser too';
  const comment = 'Feedback the erasure takes from this browser too';

  await agreeAndStart(page);
  await openQuestion(page, 1);
  await answerBox(page).pressSequentially(answer);
  await expect.poll(async () => (await storedAnswers(page))[0]).toContain(answer);
  await page.goto(VINTRO);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  expect(await storedVideoRows(page, 'recordings')).toBe(1);
  // The take is not sent: it stays in this browser, and the page asks before it is left.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(IPREP);
  const unique = await sessionId(page);
  const sessionKey = await page.evaluate(() => localStorage.getItem('sessionKey'));
  expect(sessionKey).not.toBeNull();

  await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByLabel(/What could make this assessment better/).fill(comment);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'still being sent' })).toBeVisible();
  const erased = await request.delete(`/api/admin/sessions/${unique}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  await page.unroute('**/api/feedback');

  await expect(page).toHaveURL('/expired');
  await expect(page.getByText('Your data for this assessment has been erased')).toBeVisible();
  const stored = async () => JSON.stringify(await localStorageKeys(page));
  for (const trace of [unique, sessionKey ?? '', ADA.fullName, ADA.email, answer, comment]) {
    await expect.poll(stored, { message: `localStorage still holds ${trace}` }).not.toContain(trace);
  }
  const specKeys = ['testUUID', 'inviteUUID', 'email', 'fullName', 'social', 'startTime', 'answers', 'feedback'];
  expect(Object.keys(await localStorageKeys(page)).filter((key) => specKeys.includes(key))).toEqual([]);
  await expect.poll(() => storedVideoRows(page, 'recordings')).toBe(0);
  expect(await storedVideoRows(page, 'chunks')).toBe(0);
  // What the page says of this browser's copy is what the test found.
  await expect(page.getByText('Nothing you submitted with this link is kept, in this browser either.')).toBeVisible();
});
