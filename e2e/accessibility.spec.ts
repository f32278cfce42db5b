import AxeBuilder from '@axe-core/playwright';
import { agreeAndStart, expect, SAMPLE_ID, test } from './fixtures.ts';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const path of ['/', '/404', '/expired', `/invite/${SAMPLE_ID}`]) {
  test(`no serious accessibility violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('no serious accessibility violation with every form error showing', async ({ page }) => {
  await page.goto(`/invite/${SAMPLE_ID}`);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violation on the first section', async ({ page }) => {
  await agreeAndStart(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
