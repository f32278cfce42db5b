import { expect, SAMPLE_ID, test } from './fixtures.ts';
import { liveRemoteFile } from './support/live-remotes.ts';
import { connectCamera, recordFor } from './video-helpers.ts';

test('the built standalone page runs the section with its harness', async ({ page, request }) => {
  // The harness registers its made-up candidate through the outbox; the camera check is a direct
  // call that the server refuses for a session it does not know yet. A candidate in the shell
  // registered on the landing page long before; here the test waits for it as they would have.
  const registered = page.waitForResponse(
    (response) => response.url().endsWith('/api/now-assessment') && response.ok(),
  );
  await page.goto(`${await liveRemoteFile(request, 'video', 'index.html')}?test=${SAMPLE_ID}`);
  await registered;
  await expect(page.getByLabel(/Standalone harness \(vintro\)/)).toHaveValue(SAMPLE_ID);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Introduction' })).toBeVisible();
  await expect(page.locator('.video-disclosure')).toHaveCSS('border-left-color', 'rgb(31, 79, 209)');

  await connectCamera(page);
  await recordFor(page, 1, 'Record Now');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`The shell would now open /invite/${SAMPLE_ID}/iprep`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');
});
