import { adminSession, agreeAndStart, expect, SAMPLE_ID, sessionId, test } from './fixtures.ts';
import { answerBox, openQuestion } from './quiz-helpers.ts';

const SYNC = { timeout: 25_000 };

// Each test waits for the outbox's 10 s clock two or three times (30 s in a quiet run), so the
// default 60 s would leave a busy machine little room.
test.describe.configure({ timeout: 90_000 });

/** Types into question 1 and waits until the hiring company has it. */
async function typeAndWaitForServer(
  page: import('@playwright/test').Page,
  request: import('@playwright/test').APIRequestContext,
  text: string,
) {
  await openQuestion(page, 1);
  await answerBox(page).click();
  await page.keyboard.type(text);
  const unique = await sessionId(page);
  await expect.poll(async () => (await adminSession(request, unique))?.answers?.html[0] ?? '', SYNC).toContain(text);
  return unique;
}

test("a second browser that knows only the candidate's session id and test id changes nothing", async ({
  page,
  browser,
  request,
}) => {
  await agreeAndStart(page);
  const unique = await typeAndWaitForServer(page, request, 'My own answer');
  const before = await adminSession(request, unique);

  // Another browser copies what could leak (the session id and the test id) into its storage,
  // with a key of its own invention, opens the quiz and types; and calls the API directly.
  const other = await browser.newContext();
  const intruder = await other.newPage();
  await intruder.goto('/');
  await intruder.evaluate(
    ({ unique, testId }) => {
      const stored: Record<string, string> = {
        testUUID: testId,
        inviteUUID: testId,
        email: 'mallory@evil.example',
        fullName: 'Mallory',
        workExperience: '4-6 Years',
        social: 'https://evil.example',
        declaration: 'true',
        term: 'true',
        startTime: String(Date.now()),
        unique,
        sessionKey: 'x'.repeat(43),
      };
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    },
    { unique, testId: SAMPLE_ID },
  );
  await intruder.goto(`/invite/${SAMPLE_ID}/quiz`);
  await openQuestion(intruder, 1);
  await answerBox(intruder).click();
  await intruder.keyboard.type('Overwritten by someone else');
  const statuses = await intruder.evaluate(
    async ({ unique, testId }) => {
      const post = (path: string, body: object, headers: Record<string, string> = {}) =>
        fetch(`/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ unique, data: testId, ...body }),
        }).then((response) => response.status);
      const question = { pastes: [], switches: 0 };
      const proctoring = { tabSwitches: 0, perQuestion: [question, question, question] };
      return [
        await post('/answers', {
          answers: ['<p>mine</p>', '', ''],
          proctoring,
          revision: 9e12,
          savedAt: 1,
          final: true,
        }),
        await post('/feedback', {
          userName: 'M',
          companyName: 'C',
          roleName: 'R',
          feedback: 'rewritten',
          currentScore: 0,
        }),
        await post('/video-skip', { reason: 'none' }, { 'Session-Key': 'y'.repeat(43) }),
      ];
    },
    { unique, testId: SAMPLE_ID },
  );
  expect(statuses).toEqual([401, 401, 403]);
  await intruder.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(() => intruder.evaluate(() => JSON.parse(localStorage.getItem('outboxRefused') ?? '[]').length), SYNC)
    .toBeGreaterThan(0);
  await other.close();

  expect(await adminSession(request, unique)).toEqual(before);
  // The candidate is not locked out: their next words still arrive.
  await typeAndWaitForServer(page, request, ' and more');
});

test('a browser whose session key is gone keeps what was typed and goes on in a new session', async ({
  page,
  request,
}) => {
  await agreeAndStart(page);
  const first = await typeAndWaitForServer(page, request, 'Typed before the key was lost');
  await page.evaluate(() => localStorage.removeItem('sessionKey'));

  // The quiz cannot write to that session any more, so it sends the candidate to agree again,
  // with the form filled in; the answer and the quiz clock stay.
  await page.goto(`/invite/${SAMPLE_ID}/quiz`);
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/quiz`);
  await openQuestion(page, 1);
  await expect(answerBox(page)).toContainText('Typed before the key was lost');

  const second = await sessionId(page);
  expect(second).not.toBe(first);
  await answerBox(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect
    .poll(async () => (await adminSession(request, second))?.answers?.html[0] ?? '', SYNC)
    .toContain('Typed before the key was lost!');
  expect((await adminSession(request, first))?.answers?.html[0]).toContain('Typed before the key was lost');
});
