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
import { answerBox, openQuestion, storedAnswers } from './quiz-helpers.ts';

/** Another test of the catalogue, for a session of this browser that is not erased. */
const OTHER_TEST_ID = '0zn3x0pd';
const QUIZ = '/invite/thd0wtfl/quiz';
const ERASED = 'Your data for this assessment has been erased';
const CLEARED = 'Nothing you submitted with this link is kept, in this browser either.';
/** Keys of the session held now (those of a session set aside are all in `earlierSessions`). */
const HELD_KEYS = ['testUUID', 'inviteUUID', 'unique', 'sessionKey', 'email', 'fullName', 'answers', 'quizProgress'];

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
