import type { Page } from '@playwright/test';
import {
  ADMIN_TOKEN,
  agreeAndStart,
  expect,
  failedRequest,
  localStorageKeys,
  refusedRequest,
  sessionId,
  test,
} from './fixtures.ts';
import { answerBox, openQuestion, storedAnswers, TIME_UP } from './quiz-helpers.ts';
import { connectCamera, IPREP, recordFor, storedVideoRows, VINTRO } from './video-helpers.ts';

/** Another test of the catalogue, for a session of this browser that is not erased. */
const OTHER_TEST_ID = '0zn3x0pd';
const QUIZ = '/invite/thd0wtfl/quiz';
const ERASED = 'Your data for this assessment has been erased';
const CLEARED = 'Nothing you submitted with this link is kept, in this browser either.';
/** Keys of the session held now (those of a session set aside are all in `earlierSessions`). */
const HELD_KEYS = ['testUUID', 'inviteUUID', 'unique', 'sessionKey', 'email', 'fullName', 'answers', 'quizProgress'];
const NOT_CLEARED = 'This browser could not delete all of its own copy of what you entered with this link';

async function stored(page: Page): Promise<string> {
  return JSON.stringify(await localStorageKeys(page));
}

test('a second tab of an erased session writes nothing of it back, and says where it is', async ({
  page,
  request,
  watchPage,
  allowProblem,
}) => {
  allowProblem(refusedRequest('/api/answers', 410));
  allowProblem(failedRequest('/api/', 'net::ERR_INTERNET_DISCONNECTED'));
  const early = 'Written before the erasure';
  const late = 'Typed in the second tab after the erasure';

  // A session of another test, set aside in this browser: not erased, so it stays.
  await agreeAndStart(page, OTHER_TEST_ID);
  const other = await sessionId(page);
  await agreeAndStart(page);
  const unique = await sessionId(page);
  await openQuestion(page, 1);
  await answerBox(page).pressSequentially(early);
  await expect.poll(async () => (await storedAnswers(page))[0]).toContain(early);

  const second = await page.context().newPage();
  await watchPage(second);
  // Offline: the second tab never hears the 410 of its own calls.
  await second.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await second.goto(QUIZ);
  await openQuestion(second, 1);
  await expect(answerBox(second)).toContainText(early);
  await answerBox(second).click();

  const erased = await request.delete(`/api/admin/sessions/${unique}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  // The first tab's next save is answered 410 (the quiz sends every 10 seconds).
  await answerBox(page).pressSequentially('.');
  await expect(page).toHaveURL('/expired', { timeout: 20_000 });
  await expect(page.getByText(CLEARED)).toBeVisible();

  // What the candidate would type in the second tab, and its autosave, keep nothing of the session.
  await second.keyboard.type(late);
  await second.waitForTimeout(1_000);
  for (const trace of [unique, early, late]) {
    expect(await stored(page), `localStorage holds ${trace}`).not.toContain(trace);
  }
  // The session held now had these keys; the other session keeps its own, set aside.
  const held = Object.keys(await localStorageKeys(page));
  expect(held.filter((key) => HELD_KEYS.includes(key))).toEqual([]);
  expect(await stored(page)).toContain(other);
  // The second tab does not go on as if its work were kept: it says the session was erased.
  await expect(second).toHaveURL('/expired');
  await expect(second.getByText(ERASED)).toBeVisible();
  await expect(second.getByText(CLEARED)).toBeVisible();
  for (const trace of [unique, early, late]) expect(await stored(second)).not.toContain(trace);
});

test('Link Expired reloaded says what this browser still holds of an erased session, and drops it then', async ({
  page,
  request,
  allowProblem,
}) => {
  allowProblem(refusedRequest('/api/feedback', 410));
  allowProblem(/^console error: Erased session: could not drop its video/);
  // Leaving the video section while the take's preview still loads cuts that read short.
  allowProblem(failedRequest('blob:', 'net::ERR_REQUEST_RANGE_NOT_SATISFIABLE'));
  // While the tab's sessionStorage says so, this browser refuses to change the takes' database, as
  // a broken or locked IndexedDB would.
  await page.addInitScript(() => {
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
      const [stores, mode] = args;
      if (sessionStorage.getItem('holdTakes') === 'yes' && mode === 'readwrite' && [stores].flat().includes('chunks')) {
        throw new DOMException('takes held on purpose', 'InvalidStateError');
      }
      return transaction.apply(this, args);
    } as typeof transaction;
  });

  await agreeAndStart(page);
  await page.goto(VINTRO);
  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  expect(await storedVideoRows(page, 'recordings')).toBe(1);
  const unique = await sessionId(page);
  // The take is not sent: it stays in this browser, and the page asks before it is left.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(IPREP);
  await page.evaluate(() => sessionStorage.setItem('holdTakes', 'yes'));

  const erased = await request.delete(`/api/admin/sessions/${unique}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  // The feedback sent is answered 410: Link Expired.
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/expired', { timeout: 20_000 });
  await expect(page.getByText(NOT_CLEARED)).toBeVisible();
  expect(await storedVideoRows(page, 'recordings')).toBe(1);

  await page.reload();
  await expect(page.getByText(ERASED)).toBeVisible();
  await expect(page.getByText(NOT_CLEARED)).toBeVisible();
  await expect(page.getByText(CLEARED)).toHaveCount(0);
  expect(await storedVideoRows(page, 'recordings')).toBe(1);

  // Once the database can be changed again, the next load drops the take, and says so.
  await page.evaluate(() => sessionStorage.removeItem('holdTakes'));
  await page.reload();
  await expect(page.getByText(CLEARED)).toBeVisible();
  expect(await storedVideoRows(page, 'recordings')).toBe(0);
  expect(await storedVideoRows(page, 'chunks')).toBe(0);
  expect(await stored(page)).not.toContain(unique);
});

test('a second tab of a session not erased goes on writing it when another session of the browser is erased', async ({
  page,
  request,
  watchPage,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/feedback', 'net::ERR_INTERNET_DISCONNECTED'));
  allowProblem(refusedRequest('/api/feedback', 410));
  const offline = (tab: Page) => tab.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
  // The earlier session's feedback waits in this browser's outbox, sent by neither tab yet.
  await agreeAndStart(page, OTHER_TEST_ID);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(`/invite/${OTHER_TEST_ID}/iprep`);
  const earlier = await sessionId(page);
  await offline(page);
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'still being sent' })).toBeVisible();

  page.on('dialog', (dialog) => void dialog.accept());
  await agreeAndStart(page);
  const current = await sessionId(page);
  await openQuestion(page, 1);
  await answerBox(page).pressSequentially('First tab');
  const second = await page.context().newPage();
  await watchPage(second);
  await offline(second);
  await second.goto(QUIZ);
  await openQuestion(second, 1);
  await expect(answerBox(second)).toContainText('First tab');

  const erased = await request.delete(`/api/admin/sessions/${earlier}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  const answeredGone = page.waitForResponse(
    (response) => response.url().endsWith('/api/feedback') && response.status() === 410,
  );
  await page.unroute('**/api/feedback');
  await answeredGone;
  await expect.poll(() => stored(page)).not.toContain(earlier);

  await answerBox(second).pressSequentially('Second tab');
  await expect.poll(async () => (await storedAnswers(second))[0]).toContain('Second tab');
  expect((await storedAnswers(second))[0]).toContain('First tab');
  await expect(second).toHaveURL(QUIZ);
  await expect(page).toHaveURL(QUIZ);
  expect(await sessionId(second)).toBe(current);
});

test('an erased candidate who reopens their quiz after its time ran out is told only that their data was erased', async ({
  page,
  request,
  allowProblem,
}) => {
  allowProblem(refusedRequest('/api/answers', 410));
  allowProblem(refusedRequest('/api/video-just', 410));
  await agreeAndStart(page);
  await openQuestion(page, 1);
  const unique = await sessionId(page);
  const erased = await request.delete(`/api/admin/sessions/${unique}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(erased.status()).toBe(204);
  // Days later, the clock long past the quiz's limit: reopened, the quiz submits at once by itself,
  // and the server answers that the session is erased.
  await page.evaluate(() => {
    const progress = JSON.parse(localStorage.getItem('quizProgress') ?? '{}');
    localStorage.setItem('quizProgress', JSON.stringify({ ...progress, startedAt: Date.now() - 3 * 86_400_000 }));
  });
  await page.reload();
  await expect(page).toHaveURL('/expired', { timeout: 20_000 });
  await expect(page.getByText(ERASED)).toBeVisible();
  await expect(page.getByText(CLEARED)).toBeVisible();
  // The notice that the answers were submitted is not true of an erased session: it is not shown.
  await expect(page.getByText(TIME_UP)).toHaveCount(0);
});
