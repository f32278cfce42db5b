import { expect, SAMPLE_ID, test } from './fixtures.ts';
import { connectCameraAndOpenStudio, recordFor } from './video-helpers.ts';

test('the built standalone page runs the section with its harness', async ({ page }) => {
  await page.goto(`/remotes/video/index.html?test=${SAMPLE_ID}`);
  await expect(page.getByLabel(/Standalone harness \(vintro\)/)).toHaveValue(SAMPLE_ID);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Introduction' })).toBeVisible();
  await expect(page.locator('.video-disclosure')).toHaveCSS('border-left-color', 'rgb(31, 79, 209)');

  await connectCameraAndOpenStudio(page);
  await recordFor(page, 1);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`The shell would now open /invite/${SAMPLE_ID}/iprep`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
});
