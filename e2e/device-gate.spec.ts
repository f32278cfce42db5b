import { ADA, expect, fillConfirmationForm, SAMPLE_ID, test } from './fixtures.ts';

const BLOCKED = 'Please access the assessment from a desktop or laptop device.';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

test.describe('device gate', () => {
  test.describe('on a phone', () => {
    test.use({ userAgent: PHONE, viewport: { width: 1024, height: 800 } });

    test('warns 3 seconds after the landing page loads', async ({ page }) => {
      await page.goto(`/invite/${SAMPLE_ID}`);
      await expect(page.getByText(BLOCKED)).toHaveCount(0);
      await expect(page.getByText(BLOCKED)).toBeVisible({ timeout: 6000 });
    });

    test('refuses to start, with one persistent toast that can be closed', async ({ page }) => {
      await page.goto(`/invite/${SAMPLE_ID}`);
      await fillConfirmationForm(page, ADA);
      await page.getByRole('button', { name: 'Agree & start' }).click();
      await expect(page.getByText(BLOCKED)).toHaveCount(1);
      await page.getByRole('button', { name: 'Agree & start' }).click();
      await page.waitForTimeout(3500);
      await expect(page.getByText(BLOCKED)).toHaveCount(1);
      await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
      expect(await page.evaluate(() => localStorage.getItem('startTime'))).toBeNull();
      await page.getByRole('button', { name: /close/i }).click();
      await expect(page.getByText(BLOCKED)).toHaveCount(0);
    });
  });

  test.describe('on an iPad that says it is a Mac', () => {
    test.use({ userAgent: IPAD_AS_MAC, hasTouch: true, viewport: { width: 1180, height: 820 } });

    test('is blocked too', async ({ page }) => {
      // A real iPad reports 5 touch points; the emulator's touch screen reports fewer.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 }));
      await page.goto(`/invite/${SAMPLE_ID}`);
      await fillConfirmationForm(page, ADA);
      await page.getByRole('button', { name: 'Agree & start' }).click();
      await expect(page.getByText(BLOCKED)).toBeVisible();
      await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
    });
  });
});
