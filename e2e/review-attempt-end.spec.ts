import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, getTest, type InvitationView, SESSION_KEY_HEADER } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, ADMIN_TOKEN, expect } from './fixtures.ts';
import { PERSONAL_TEST } from './invitation-helpers.ts';
import {
  addReviewer,
  test as base,
  newApiCandidate,
  noSignals,
  type OwnServer,
  onOwnServer,
  postRegistration,
  registerCandidate,
  signInByKeyboard,
  submitAnswers,
} from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

const DAY = 24 * 60 * 60_000;
const { testId } = PERSONAL_TEST;
const companyId = companyIdOf(getTest(testId) as NonNullable<ReturnType<typeof getTest>>);

/**
 * A product server of the test's own whose clock the test moves: its minutes ahead of the
 * machine's are read from `clockFile` at each look (e2e/support/moved-clock-server.ts). A quiz's
 * time and an invitation's days have to pass for what this file checks, and no test waits them.
 */
const test = base.extend<{ ownServer: OwnServer & { moveClock: (aheadMs: number) => void } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  ownServer: async ({}, use, testInfo) => {
    const clockFile = testInfo.outputPath('clock-ahead-ms');
    fs.mkdirSync(path.dirname(clockFile), { recursive: true });
    fs.writeFileSync(clockFile, '0');
    await onOwnServer(
      'attempt-end',
      { CLOCK_AHEAD_FILE: clockFile, RATE_LIMIT_PER_MINUTE: '100000' },
      ['--import', 'tsx', path.join(import.meta.dirname, 'support/moved-clock-server.ts')],
      (server) => use({ ...server, moveClock: (aheadMs) => fs.writeFileSync(clockFile, String(aheadMs)) }),
    );
  },
  baseURL: async ({ ownServer }, use) => use(ownServer.origin),
});

test('a quiz whose time ran out reads so, with the answers kept, and a candidate past their invitation reads did not finish, by keyboard alone', async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(90_000);
  // Quinn pressed Start, the autosave kept two answers, and the tab closed before the countdown submitted them.
  const quinn = await registerCandidate(request, testId, { fullName: 'Quinn Timed', name: 'Quinn Timed' });
  const started = await request.post('/api/quiz-start', {
    data: { unique: quinn.sessionId, data: testId },
    headers: { [SESSION_KEY_HEADER]: quinn.key },
  });
  expect(started.status(), await started.text()).toBe(200);
  const saved = await request.post('/api/answers', {
    headers: { [SESSION_KEY_HEADER]: quinn.key },
    data: {
      unique: quinn.sessionId,
      data: testId,
      answers: ['<p>Costs fell</p>', '<p></p>', '<p>Ask the CFO</p>'],
      proctoring: { tabSwitches: 0, perQuestion: [noSignals(), noSignals(), noSignals()] },
      revision: 1,
      savedAt: Date.now(),
      final: false,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Ada came by her personal link, valid for a day, submitted the quiz, and went no further.
  const made = await request.post(`/api/admin/tests/${testId}/invitations`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { email: ADA.email, name: ADA.fullName, expiresAt: new Date(Date.now() + DAY).toISOString() },
  });
  expect(made.status(), await made.text()).toBe(201);
  const token = ((await made.json()) as InvitationView).link.split('-').at(-1) ?? '';
  const ada = newApiCandidate(testId);
  const registered = await postRegistration(request, ada, {
    invitation: token,
    email: ADA.email,
    fullName: ADA.fullName,
    name: ADA.fullName,
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await submitAnswers(request, ada, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);

  // Two days on, by the server's clock.
  ownServer.moveClock(2 * DAY);
  await signInByKeyboard(page, addReviewer(companyId, 'Rob Reviewer', 'reviewer', ownServer.dataDir));
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(`/review/tests/${testId}`);
  const table = page.getByRole('table', { name: 'Candidates, sorted by the column marked as sorted' });
  await expect(table.getByRole('row', { name: 'Quinn Timed' })).toContainText('Time ran out: 2 of 3 answers kept');
  await expect(table.getByRole('row', { name: ADA.fullName })).toContainText('Did not finish (quiz submitted)');
  await expect(table).not.toContainText('Started, quiz not submitted');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await tabToShownFocus(page, table.getByRole('link', { name: 'Quinn Timed' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Timed' })).toBeFocused();
  await expect(page.locator('.candidate-summary')).toContainText(
    /Quiz submittedTime ran out at .+: 2 of 3 answers kept/,
  );
  await page.goBack();
  await tabToShownFocus(page, table.getByRole('link', { name: ADA.fullName }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: ADA.fullName })).toBeFocused();
  await expect(page.locator('.candidate-summary')).toContainText(
    'Did not finish: the invitation expired before the candidate finished.',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
