import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, sessionOfPage, test } from './fixtures.ts';
import { CHROMIUM_PATH, FAKE_CAMERA_ARG, QUIET_CHROMIUM_ARGS } from './support/chromium.ts';
import {
  CHECK_FAILED,
  continueWithoutVideo,
  expectTipsAndWayOn,
  FIRST_ACCESS_FAILED,
  openVideoSection,
  toast,
} from './video-helpers.ts';

// Without the fake permission prompt of the shared config, this Chromium turns the prompt down:
// exactly what a candidate who selects Block (or has blocked the site before) gets.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...QUIET_CHROMIUM_ARGS, FAKE_CAMERA_ARG],
  },
});

test('shows the honest message and tips, and Continue without video reaches the feedback section', async ({
  page,
  request,
  allowProblem,
}) => {
  // The section logs the camera it was not allowed to open.
  allowProblem(/^console error: Could not open the camera NotAllowedError/);
  await openVideoSection(page);
  await page.getByRole('button', { name: 'Request Camera Access' }).click();

  const banner = page.getByRole('alert').filter({ hasText: FIRST_ACCESS_FAILED });
  await expect(banner).toContainText('Your browser is not letting this site use the camera');
  await expect(toast(page, FIRST_ACCESS_FAILED)).toBeVisible();
  await expect(page.locator('.Toastify__toast-container--bottom-right')).toContainText(FIRST_ACCESS_FAILED);

  // The camera is now blocked for the site, so the next camera check fails on that fact.
  await expect(page.getByRole('alert').filter({ hasText: CHECK_FAILED })).toContainText(
    'The camera is blocked for this site',
  );
  await expect(toast(page, CHECK_FAILED)).toBeVisible();
  await expectTipsAndWayOn(page);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The check runs again every 2 s; the company's record gets a check only when its facts change.
  await page.waitForTimeout(5000);
  const session = await sessionOfPage(page, request);
  expect(session?.deviceChecks.at(-1)).toMatchObject({ result: false, facts: { permission: 'denied' } });
  const facts: string[] = (session?.deviceChecks ?? []).map((check: { facts: unknown }) => JSON.stringify(check.facts));
  expect(facts.filter((one, index) => one === facts[index - 1])).toEqual([]);
  await continueWithoutVideo(page, request, 'camera-permission-denied');
});
