import type { BrowserContext, Page } from '@playwright/test';
import { ADA, ADMIN_TOKEN, expect, fillConfirmationForm, SAMPLE_ID, test } from './fixtures.ts';
import { answerBox, openQuestion } from './quiz-helpers.ts';
import { buildRemoteVariant } from './support/build-remote.ts';
import { messagesTo } from './support/inbox.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';
import { startProductServer } from './support/product-server.ts';

// A server of its own, since its releases change what every candidate of that server gets, and a
// build of its own: one test, a few minutes at most.
test.describe.configure({ timeout: 180_000 });

const QUIZ_TEAM = 'quiz-team@release-rollback.example';
const BROKEN = 'Question 2 broken on purpose';

/** Registers on this server's landing page, starts the quiz and answers its first question. */
async function answerFirstQuestion(page: Page, origin: string, answer: string) {
  await page.goto(`${origin}/invite/${SAMPLE_ID}`);
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${origin}/invite/${SAMPLE_ID}/quiz`);
  await openQuestion(page, 1);
  await answerBox(page).pressSequentially(answer);
}

/** Opens the second question: true when the quiz's version failed in front of the candidate. */
async function secondQuestionFails(page: Page): Promise<boolean> {
  await page
    .getByRole('navigation', { name: 'Quiz navigation' })
    .getByRole('button', { name: /^Question 2/ })
    .click();
  const failed = page.getByText('This section stopped working.');
  const shown = page.getByRole('heading', { level: 2, name: 'Question 2' });
  await expect(failed.or(shown)).toBeVisible();
  return failed.isVisible();
}

test('a quiz version on a share that breaks rolls itself back: its candidate presses Retry, goes on with the live quiz and their answer, and the team is told', async ({
  page,
  browser,
  allowProblem,
  watchPage,
}) => {
  // The broken version's throw, as React and the section's error boundary log it.
  allowProblem(new RegExp(BROKEN));
  allowProblem(/^console error: The above error occurred in/);
  const variant = await buildRemoteVariant('remote-quiz', {
    file: 'remote-quiz/src/quiz/QuestionView.tsx',
    from: '  const [title, ...prompts] = question;',
    to: `  if (index === 1) throw new Error('${BROKEN}');\n  const [title, ...prompts] = question;`,
  });
  const server = await startProductServer(ADMIN_TOKEN, {
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    RELEASE_ROLLBACK_MIN_LOADS: '2',
  });
  try {
    const key = await server.addReleaseKey('quiz', 'quiz CI', QUIZ_TEAM);
    const shared = await server.release(key, 'quiz', '--dist', variant, '--label', 'broken', '--share', '99');
    expect(shared.code, shared.output).toBe(0);

    // Two candidates meet the broken version: the first alone is one load short of the minimum.
    // Each answers in words of their own, so the one who retries is known to find their own.
    const failedPages: { page: Page; answer: string }[] = [];
    await answerFirstQuestion(page, server.origin, 'Answer of candidate 0, kept');
    if (await secondQuestionFails(page)) failedPages.push({ page, answer: 'Answer of candidate 0, kept' });
    // Each other candidate in a browser of their own, as strangers are.
    const others: BrowserContext[] = [];
    try {
      for (let candidate = 0; failedPages.length < 2; candidate += 1) {
        if (candidate > 5) throw new Error('Six candidates in a row missed a 99% share');
        const context = await browser.newContext();
        others.push(context);
        const other = await context.newPage();
        await watchPage(other);
        const answer = `Answer of candidate ${candidate + 1}, kept`;
        await answerFirstQuestion(other, server.origin, answer);
        if (await secondQuestionFails(other)) failedPages.push({ page: other, answer });
      }
      const status = async () => (await server.release(key, 'status')).output;
      await expect.poll(status, { timeout: 30_000 }).toMatch(/rolled back broken-\S+ at \S+ by automatic rollback/);
      await expect.poll(status, { timeout: 15_000 }).toContain(`told ${QUIZ_TEAM}: sent`);
      const history = (await server.release(key, 'history', 'quiz')).output;
      expect(history).toMatch(
        /\trolled-back\tbroken-[0-9a-f]{12}\tby automatic rollback\tunhealthy: 2 failures in 2 loads/,
      );

      // The first candidate it failed for retries, with the keyboard, and is on the live quiz with their answer.
      const [{ page: first, answer }] = failedPages as [{ page: Page; answer: string }];
      await tabToShownFocus(first, first.getByRole('button', { name: 'Retry' }));
      await press(first, 'Enter');
      await openQuestion(first, 1);
      await expect(answerBox(first)).toContainText(answer);
      await openQuestion(first, 2);
      await expect(first.getByText('This section stopped working.')).toHaveCount(0);

      const [told] = await messagesTo(QUIZ_TEAM);
      expect(told?.subject).toMatch(/^The quiz section's version broken-[0-9a-f]{12} was rolled back$/);
      expect(told?.text).toContain('2 failures in 2 loads (100.0%)');
    } finally {
      for (const context of others) await context.close();
    }
  } finally {
    await server.stop();
  }
});
