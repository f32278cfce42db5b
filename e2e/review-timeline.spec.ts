import { companyIdOf, getTest } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, agreeAndStart, expect, SAMPLE_ID } from './fixtures.ts';
import { startQuiz, submittedSession, switchAway } from './quiz-helpers.ts';
import {
  addReviewer,
  noSignals,
  registerCandidate,
  signIn,
  signInByKeyboard,
  submitAnswers,
  test,
  testOnOwnServer,
} from './review-helpers.ts';
import { tabToShownFocus } from './support/keyboard.ts';

const sample = getTest(SAMPLE_ID);
if (!sample) throw new Error(`The catalogue has no test ${SAMPLE_ID}`);

/**
 * Long enough on the instructions that a time counted from agreeing cannot pass for one counted
 * from Start the quiz, short enough to keep the test quick.
 */
const ON_INSTRUCTIONS_MS = 4000;

// Its own server: the reviewer finds the candidate by name in a list that holds only them.
testOnOwnServer(
  '"Into the quiz" counts from Start the quiz: the time spent on the instructions is not in it',
  async ({ page, request, ownServer }) => {
    // Two people one after the other, the reviewer by keyboard alone: room for a busy machine.
    testOnOwnServer.setTimeout(120_000);
    const name = `Tess Timeline ${testOnOwnServer.info().repeatEachIndex}.${testOnOwnServer.info().retry}`;
    await agreeAndStart(page, SAMPLE_ID, { ...ADA, fullName: name });
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
    await page.waitForTimeout(ON_INSTRUCTIONS_MS);
    await startQuiz(page);
    await switchAway(page);
    const progress = () => page.evaluate(() => JSON.parse(localStorage.getItem('quizProgress') ?? '{}'));
    await expect.poll(async () => (await progress()).proctoring?.tabSwitches).toBe(1);
    const { startedAt } = await progress();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);

    const session = await submittedSession(page, request);

    const reviewer = addReviewer(companyIdOf(sample), 'Rita Reviewer', 'reviewer', ownServer.dataDir);
    await signInByKeyboard(page, reviewer);
    await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
    await tabToShownFocus(page, page.getByRole('link', { name: sample.roleName }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: sample.roleName })).toBeFocused();
    await tabToShownFocus(
      page,
      page.getByRole('table', { name: /Candidates/ }).getByRole('link', { name, exact: true }),
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeFocused();
    // Everything the page asks for has come, the stage form's reasons last, before axe reads it.
    await expect(page.getByText('No reasons to choose from yet', { exact: false })).toBeVisible();

    const entry = page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Proctoring timeline' });
    await tabToShownFocus(page, entry);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Proctoring timeline' })).toBeFocused();
    const timeline = page.getByRole('table', { name: /Proctoring timeline/ });
    await expect(timeline.getByRole('columnheader')).toHaveText([
      'Time',
      'Into the quiz (min:s)',
      'What happened',
      'Question',
    ]);
    // The switch came at once after Start; the seconds on the instructions before it are not counted.
    await expect(timeline.locator('tbody tr').getByRole('cell')).toHaveText([
      /^\d\d:\d\d:\d\d$/,
      /^0:0[0-2]$/,
      'Left the page (tab or window switch)',
      'No question open (list or instructions)',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The admin read-out and the export carry the start the quiz's own clock counted from, in the
    // record it dates: both are the candidate's computer's clock.
    expect(session.proctoring.startedAt).toBe(startedAt);
  },
);

test("a record sent without the quiz's start shows no time into the quiz, and says why", async ({ page, request }) => {
  const agreed = Date.now() - 10 * 60_000;
  const name = 'Olde Page';
  const candidate = await registerCandidate(request, SAMPLE_ID, { fullName: name, name, startTime: agreed });
  // As a page from before the start was sent saved it, still queued in its outbox.
  await submitAnswers(request, candidate, ['<p>An answer</p>', '', ''], {
    tabSwitches: 1,
    perQuestion: [noSignals(), noSignals(), noSignals()],
    listSwitchTimes: [agreed + 200_000],
  });

  await signIn(
    page,
    addReviewer(companyIdOf(sample), 'Rita Reviewer', 'reviewer'),
    `/review/candidates/${candidate.sessionId}`,
  );
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeFocused();
  await expect(page.getByText('No reasons to choose from yet', { exact: false })).toBeVisible();
  const timeline = page.getByRole('table', { name: /Proctoring timeline/ });
  await expect(timeline.locator('tbody tr').getByRole('cell')).toHaveText([
    /^\d\d:\d\d:\d\d$/,
    '—',
    'Left the page (tab or window switch)',
    'No question open (list or instructions)',
  ]);
  await expect(page.locator('#proctoring')).toContainText(
    "No time into the quiz is shown: this candidate's quiz page did not send when they pressed Start the quiz.",
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
