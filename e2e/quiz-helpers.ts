import type { APIRequestContext, Page } from '@playwright/test';
import { type AdminSession, expect, sessionOfPage } from './fixtures.ts';

export const TIME_UP = 'Time is up. Your answers have been saved and submitted.';

export function answerBox(page: Page) {
  return page.getByRole('textbox', { name: 'Answer' });
}

/**
 * Resolves once the server has answered the quiz's start. A test that then jumps the page's clock
 * past the outbox's request timeout would otherwise cut that request short.
 */
export function quizStartAnswered(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => response.url().endsWith('/api/quiz-start') && response.ok());
}

/** Start the quiz on the instructions, as a candidate does once they have read them: the clock starts. */
export async function startQuiz(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeVisible();
}

/** Complete, and Submit answers in the dialog that asks: the product goes on to the video section. */
export async function completeQuiz(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Complete' }).click();
  await page
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit answers' })
    .click();
}

/**
 * Opens question `n` (1 to 3) from the left rail and waits for its editor; on a quiz not started
 * yet, which has no rail, it starts the quiz first.
 */
export async function openQuestion(page: Page, n: number): Promise<void> {
  const question = page
    .getByRole('navigation', { name: 'Quiz navigation' })
    .getByRole('button', { name: new RegExp(`^Question ${n}`) });
  const start = page.getByRole('button', { name: 'Start the quiz' });
  await expect(question.or(start)).toBeVisible();
  if (await start.isVisible()) await startQuiz(page);
  await question.click();
  await expect(page.getByRole('heading', { level: 2, name: `Question ${n}` })).toBeVisible();
  await expect(answerBox(page)).toBeVisible();
}

export async function storedAnswers(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('answers') ?? '[]') as string[]);
}

/** The session as the hiring company reads it, once its answers are in. */
export async function submittedSession(page: Page, request: APIRequestContext): Promise<AdminSession> {
  let session: AdminSession | undefined;
  await expect
    .poll(async () => {
      session = await sessionOfPage(page, request);
      return session?.answers?.final === true && session.quizCompletedAt !== null;
    })
    .toBe(true);
  return session as AdminSession;
}

/** Pastes `text` into the open question as a keyboard paste, from a clipboard this page fills. */
export async function pasteInto(page: Page, text: string): Promise<void> {
  await page.evaluate((plain) => {
    document.addEventListener(
      'copy',
      (event) => {
        event.clipboardData?.setData('text/plain', plain);
        event.preventDefault();
        event.stopImmediatePropagation();
      },
      { capture: true, once: true },
    );
  }, text);
  await page.keyboard.press('Control+C');
  await answerBox(page).click();
  await page.keyboard.press('Control+V');
}

/** The window loses focus for longer than the switch detector waits, then gets it back. */
export async function switchAway(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForTimeout(2500);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}
