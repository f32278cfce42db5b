import { agreeAndStart, expect, SAMPLE_ID, sessionOfPage, test } from './fixtures.ts';
import { answerBox, openQuestion, quizStartAnswered, startQuiz, submittedSession, TIME_UP } from './quiz-helpers.ts';

// The sample test allows 15 minutes for the questions.
const LIMIT_MS = 15 * 60_000;

test.describe('quiz timer', () => {
  test('the clock stands at the whole limit while the instructions are read; Start the quiz starts it, here and on the server', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    await agreeAndStart(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Instructions' })).toBeVisible();
    // No question can be opened before the start: there is no rail, only the instructions.
    await expect(page.getByRole('navigation', { name: 'Quiz navigation' })).toHaveCount(0);
    await expect(page.getByRole('timer')).toHaveText('15:00');
    await page.clock.fastForward('00:30');
    await expect(page.getByRole('timer')).toHaveText('15:00');
    await expect(page.getByText('The timer starts when you select Start the quiz')).toBeVisible();
    // Real time passes too, so a deadline counted from the registration would end before the one expected.
    await page.waitForTimeout(2000);

    const beforeStart = Date.now();
    await startQuiz(page);
    await page.clock.fastForward('00:05');
    await expect(page.getByRole('timer')).toHaveText(/^14:5\d$/);
    const serverStart = async () => {
      const session = await sessionOfPage(page, request);
      return session?.lateAfter ? Date.parse(session.lateAfter) - 60_000 - LIMIT_MS : 0;
    };
    await expect.poll(serverStart).toBeGreaterThanOrEqual(beforeStart);
    expect(await serverStart()).toBeLessThanOrEqual(Date.now());

    // A reload keeps the running clock: the start is not pressed again.
    await page.reload();
    await expect(page.getByRole('timer')).toHaveText(/^14:5\d$/);
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toHaveCount(0);
  });

  test('a start this browser could not store is told at once, before a reload could lose its clock', async ({
    page,
    allowProblem,
  }) => {
    // The page logs each write storage refuses.
    allowProblem(/^console error: Could not save "quizProgress" in this browser's storage QuotaExceededError/);
    await agreeAndStart(page);
    // From now on this browser's storage is full for the quiz's progress, as it is when it holds
    // too much else of the site.
    await page.evaluate(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'quizProgress') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    });
    await startQuiz(page);
    await expect(page.getByRole('alert').filter({ hasText: "This browser's storage is full" })).toContainText(
      'please do not reload the page',
    );
  });

  test('a reload after the clock passed the limit submits the answers and moves on, with a notice', async ({
    page,
    request,
  }) => {
    await agreeAndStart(page);
    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('Written in time');
    await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 1 / 3');

    await page.evaluate((limit) => {
      const progress = JSON.parse(localStorage.getItem('quizProgress') ?? '{}');
      localStorage.setItem('quizProgress', JSON.stringify({ ...progress, startedAt: Date.now() - limit - 60_000 }));
    }, LIMIT_MS);
    await page.reload();

    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);
    await expect(page.getByText(TIME_UP)).toBeVisible();
    const session = await submittedSession(page, request);
    expect(session.answers.html[0]).toBe('<p>Written in time</p>');
  });

  test('the countdown follows the clock and submits by itself at zero', async ({ page, request }) => {
    await page.clock.install();
    await agreeAndStart(page);
    const startSent = quizStartAnswered(page);
    await openQuestion(page, 2);
    await startSent;
    await answerBox(page).click();
    await page.keyboard.type('Last words');
    await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
    await expect(page.getByText('Time limit 15 mins')).toBeVisible();

    // A sleeping laptop: the clock jumps, the countdown follows it rather than its own ticks.
    await page.clock.fastForward('10:00');
    await expect(page.getByRole('timer')).toHaveText(/^0[45]:\d\d$/);
    // The 5-minute reminder is on screen, not only read out.
    await expect(page.getByRole('status').filter({ hasText: '5 minutes left.' })).toBeVisible();

    await page.clock.fastForward('05:30');
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);
    await expect(page.getByText(TIME_UP)).toBeVisible();
    const session = await submittedSession(page, request);
    expect(session.answers.html[1]).toBe('<p>Last words</p>');
  });
});
