import { storedFeedback } from './feedback-helpers.ts';
import { expect, SAMPLE_ID, test } from './fixtures.ts';
import { liveRemoteFile } from './support/live-remotes.ts';

test('the built standalone page runs the section with its harness', async ({ page, request }) => {
  await page.goto(`${await liveRemoteFile(request, 'feedback', 'index.html')}?test=${SAMPLE_ID}`);
  await expect(page.getByLabel(/Standalone harness \(iprep\)/)).toHaveValue(SAMPLE_ID);
  await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCSS('background-color', 'rgb(31, 79, 209)');

  await page.locator('label[for="feedback-star-0"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
  const unique = await page.evaluate(() => localStorage.getItem('unique'));
  await expect.poll(() => storedFeedback(request, unique ?? '')).toMatchObject({ stars: 1, feedback: '' });

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(`The shell would now open /invite/${SAMPLE_ID}`)).toBeVisible();
});
