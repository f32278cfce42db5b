import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { companyIdOf, getTest } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADMIN_TOKEN, expect, SAMPLE_ID } from './fixtures.ts';
import {
  addReviewer,
  test as base,
  registerCandidate,
  sendFeedback,
  signInByKeyboard,
  signInReviewer,
  submitAnswers,
} from './review-helpers.ts';
import { type ApiInstance, startApiInstance } from './support/api-instances.ts';
import { tabToShownFocus } from './support/keyboard.ts';
import { freePort } from './support/product-server.ts';

const sample = getTest(SAMPLE_ID);
if (!sample) throw new Error(`The catalogue has no test ${SAMPLE_ID}`);

/** The server of this file, on one port and one data folder, which the test starts again with a later clock. */
interface MonthServer {
  origin: string;
  dataDir: string;
  /** Stops the server and starts it again on the same data folder, its clock `aheadMs` ahead. */
  restartAhead(aheadMs: number): Promise<void>;
}

const test = base.extend<{ monthServer: MonthServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  monthServer: async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-gender-months-'));
    const port = await freePort();
    const start = (aheadMs: number) =>
      startApiInstance(
        'gender-months',
        { DATA_DIR: dataDir, ADMIN_TOKEN, PORT: String(port), CLOCK_AHEAD_MS: String(aheadMs) },
        ['--import', 'tsx', path.join(import.meta.dirname, 'support/moved-clock-server.ts')],
      );
    let server: ApiInstance = await start(0);
    try {
      await use({
        origin: server.origin,
        dataDir,
        async restartAhead(aheadMs) {
          await server.stop();
          server = await start(aheadMs);
        },
      });
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  baseURL: async ({ monthServer }, use) => use(monthServer.origin),
});

/** The first instant of the next month (UTC), when this month's candidates can be counted. */
function nextMonthStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

test("a month's candidates counted once it has ended and each has a decision, read by keyboard alone", async ({
  page,
  request,
  monthServer,
}) => {
  // Sixteen candidates through the API and a server started twice: room for a busy machine.
  test.setTimeout(120_000);
  const registeredAt = new Date();
  const csrfToken = await signInReviewer(request, companyIdOf(sample), monthServer.dataDir);
  const decide = async (sessionId: string, stage: 'advance' | 'decline') => {
    const moved = await request.put(`/api/review/candidates/${sessionId}/stage`, {
      headers: { 'x-csrf-token': csrfToken },
      data: { from: 'new', stage },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  };
  // Male: 10, 5 of them advanced; Female: 6, 5 of them advanced. Each finishes, and each has a decision.
  for (const [gender, total] of [
    ['Male', 10],
    ['Female', 6],
  ] as const) {
    for (let index = 0; index < total; index += 1) {
      const candidate = await registerCandidate(request, SAMPLE_ID, { gender });
      await submitAnswers(request, candidate, ['<p>An answer</p>', '', '']);
      await sendFeedback(request, candidate, 'Fine', 4);
      await decide(candidate.sessionId, index < 5 ? 'advance' : 'decline');
    }
  }

  // The month has ended: the server comes back a minute into the next.
  await monthServer.restartAhead(nextMonthStart(registeredAt) + 60_000 - Date.now());
  const reviewer = addReviewer(companyIdOf(sample), 'Rita Reviewer', 'reviewer', monthServer.dataDir);
  await signInByKeyboard(page, reviewer);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: sample.roleName }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: sample.roleName })).toBeFocused();

  const report = page.getByRole('region', { name: 'Candidates by gender, counted together' });
  const month = report.getByRole('region', { name: /^Registered in / });
  await expect(month).toHaveCount(1);
  await expect(month).toContainText('These counts stay as they were then.');
  const table = month.getByRole('table', { name: /^Candidates by gender, registered in / });
  await expect(table.getByRole('row', { name: /^Male/ }).getByRole('cell')).toHaveText([
    '10',
    '10',
    'hidden',
    'hidden',
    '5',
    'hidden',
    '50 %',
    /^0\.60 below four fifths: look closer$/,
  ]);
  await expect(table.getByRole('row', { name: /^Female/ }).getByRole('cell')).toHaveText([
    '6',
    '6',
    'hidden',
    'hidden',
    '5',
    'hidden',
    '83 %',
    '1.00',
  ]);
  await expect(table.getByRole('row', { name: /^All candidates/ }).getByRole('cell')).toHaveText([
    '16',
    '16',
    '0',
    '0',
    '10',
    '6',
    '',
    '',
  ]);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
