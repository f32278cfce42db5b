import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { agreeAndStart, expect, SAMPLE_ID, test } from './fixtures.ts';

for (const path of ['/', '/404', '/expired', `/invite/${SAMPLE_ID}`]) {
  test(`no serious accessibility violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}

test('no serious accessibility violation with every form error showing', async ({ page }) => {
  await page.goto(`/invite/${SAMPLE_ID}`);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('no serious accessibility violation on the first section', async ({ page }) => {
  await agreeAndStart(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test.describe('at 200 % zoom of a 1280 px window (640 px wide)', () => {
  test.use({ viewport: { width: 640, height: 400 } });

  const scrollsSideways = (page: import('@playwright/test').Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  test('the quiz and the feedback reflow without sideways scrolling', async ({ page }) => {
    await agreeAndStart(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Instructions' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Solve question 1' }).click();
    await expect(page.getByRole('textbox', { name: 'Answer' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
    await page.goto(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByText('5 stars').click({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });

  test('the landing page keeps its 800 px minimum width, and scrolls sideways instead', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
    await expect(page.locator('main.landing')).toHaveCSS('min-width', '800px');
    expect(await scrollsSideways(page)).toBe(true);
  });
});
