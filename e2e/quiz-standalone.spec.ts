import { expect, SAMPLE_ID, test } from './fixtures.ts';
import { liveRemoteFile } from './support/live-remotes.ts';

test('the built standalone page runs the quiz with its harness', async ({ page, request }) => {
  await page.goto(`${await liveRemoteFile(request, 'quiz', 'index.html')}?test=${SAMPLE_ID}`);
  await expect(page.getByLabel(/Standalone harness \(quiz\)/)).toHaveValue(SAMPLE_ID);
  await expect(page.getByRole('heading', { level: 1, name: 'Section 1: Problem Solving' })).toBeVisible();
  await expect(page.locator('.quiz-layout')).toHaveCSS('display', 'grid');

  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await page.getByRole('button', { name: 'Solve question 1' }).click();
  await page.getByRole('textbox', { name: 'Answer' }).click();
  await page.keyboard.type('Standalone answer');
  await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 1 / 3');

  await page.getByRole('button', { name: 'All questions' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(`The shell would now open /invite/${SAMPLE_ID}/vintro`)).toBeVisible();
});
