import path from 'node:path';
import { companyIdOf, getTest, SESSION_KEY_HEADER } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, SAMPLE_ID } from './fixtures.ts';
import {
  addReviewer,
  test as base,
  type OwnServer,
  onOwnServer,
  registerCandidate,
  signInByKeyboard,
} from './review-helpers.ts';
import { tabToShownFocus } from './support/keyboard.ts';

/**
 * No section of the product keeps a record of its own yet, so this file has a server of its own:
 * the API with the test-only section of `api/test/coding-section.ts` (./support/section-record-server.ts),
 * on its own data folder, serving the built review page. Started once for the file's worker.
 */
const test = base.extend<Record<never, never>, { sectionServer: OwnServer }>({
  sectionServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) =>
      onOwnServer(
        'section-record',
        {},
        ['--import', 'tsx', path.join(import.meta.dirname, 'support/section-record-server.ts')],
        use,
      ),
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ sectionServer }, use) => use(sectionServer.origin),
});

const sample = getTest(SAMPLE_ID);
if (!sample) throw new Error(`The catalogue has no test ${SAMPLE_ID}`);
/** Markup and a line break in a value: the page must show both as the candidate sent them. */
const SOLUTION = 'def bold(x):\n    return "<b>x</b>"';

test("a section's own record: reached from the page list by keyboard alone, its fields shown as text", async ({
  page,
  request,
  sectionServer,
}) => {
  const reviewer = addReviewer(companyIdOf(sample), 'Rita Reviewer', 'reviewer', sectionServer.dataDir);
  const name = `Cody Record ${test.info().repeatEachIndex}.${test.info().retry}`;
  const candidate = await registerCandidate(request, SAMPLE_ID, { fullName: name, name });
  // The section's record is all this candidate sends after registering: it alone keeps them in
  // the list, which leaves out the sessions that sent nothing (api/src/storage/sessions/sent-nothing.ts).
  const stored = await request.post('/api/sections/coding/record', {
    data: {
      unique: candidate.sessionId,
      data: SAMPLE_ID,
      record: { language: 'python', solution: SOLUTION, testsPassed: 7 },
    },
    headers: { [SESSION_KEY_HEADER]: candidate.key },
  });
  expect(stored.status(), await stored.text()).toBe(200);

  await signInByKeyboard(page, reviewer);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();

  await tabToShownFocus(page, page.getByRole('link', { name: sample.roleName }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: sample.roleName })).toBeFocused();
  const candidates = page.getByRole('table', { name: /Candidates/ });
  await tabToShownFocus(page, candidates.getByRole('link', { name, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeFocused();
  // Everything the candidate's page asks for has come, the stage form's reasons last: no request
  // is still under way when the test ends, and axe reads the page as the reviewer sees it.
  await expect(page.getByText('The stage has not changed since the candidate started.')).toBeVisible();
  await expect(page.getByText('No reasons to choose from yet', { exact: false })).toBeVisible();

  const entry = page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Live Coding' });
  await tabToShownFocus(page, entry);
  await page.keyboard.press('Enter');
  const part = page.getByRole('region', { name: 'Live Coding' });
  await expect(page).toHaveURL(/#section-coding$/);
  const heading = part.getByRole('heading', { level: 2, name: 'Live Coding' });
  await expect(heading).toBeFocused();
  await expect(heading).not.toHaveCSS('outline-style', 'none');
  await expect(part).toBeInViewport();
  await expect(part).toContainText('Sent on');

  await expect(part.getByRole('term')).toHaveText(['Language', 'Solution', 'Tests passed']);
  const values = part.getByRole('definition');
  await expect(values).toHaveText(['python', /def bold/, '7']);
  await expect(values.nth(1)).toHaveJSProperty('textContent', SOLUTION);
  await expect(part.locator('b')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
