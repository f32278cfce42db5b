import type { APIRequestContext, Page } from '@playwright/test';
import { type AdminSession, expect, sessionOfPage } from './fixtures.ts';

export const TIME_UP = 'Time is up. Your answers have been saved and submitted.';

export function answerBox(page: Page) {
  return page.getByRole('textbox', { name: 'Answer' });
}

/** Opens question `n` (1 to 3) from the left rail and waits for its editor. */
export async function openQuestion(page: Page, n: number): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Quiz navigation' })
    .getByRole('button', { name: new RegExp(`^Question ${n}`) })
    .click();
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
