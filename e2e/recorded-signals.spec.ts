import type { Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { agreeAndStart, expect, failedRequest, SAMPLE_ID, test } from './fixtures.ts';
import { answerBox, openQuestion, pasteInto, startQuiz, submittedSession, switchAway } from './quiz-helpers.ts';

/**
 * How the page shows a stored time (`dateTimeWithZone` in shared/react): its date, local time and
 * time zone, in the browser's language, worked out in the page itself.
 */
function clockInPage(page: Page, at: number): Promise<string> {
  return page.evaluate(
    (time) =>
      new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'short',
      }).format(time),
    at,
  );
}

test('the quiz lists each tab switch and paste as recorded, and the end of the assessment lists them again', async ({
  page,
}) => {
  await agreeAndStart(page);
  const live = page.getByRole('table', { name: 'Tab or window switches and pastes recorded so far' });
  await expect(page.getByRole('heading', { name: 'What has been recorded so far' })).toBeVisible();
  await expect(page.getByText('Nothing is listed yet.')).toBeVisible();

  await openQuestion(page, 2);
  await pasteInto(page, 'Twelve chars');
  await expect(answerBox(page)).toHaveText('Twelve chars');
  await switchAway(page);

  const storedQuestion = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('quizProgress') ?? '{}').proctoring?.perQuestion?.[1]);
  await expect.poll(async () => (await storedQuestion())?.switchTimes?.length).toBe(1);
  const question = await storedQuestion();
  const pasteAt = question.pastes[0].at as number;
  const switchAt = question.switchTimes[0] as number;
  expect(switchAt).toBeGreaterThanOrEqual(pasteAt);
  const expectedRows = [
    [await clockInPage(page, pasteAt), 'Paste of 12 characters', 'Question 2'],
    [await clockInPage(page, switchAt), 'Tab or window switch', 'Question 2'],
  ];

  await page.getByRole('button', { name: 'Instructions' }).click();
  await expect(page.getByText('1 tab or window switch and 1 paste recorded so far')).toBeVisible();
  const rows = live.getByRole('row');
  await expect(rows).toHaveCount(3);
  for (const [index, cells] of expectedRows.entries()) {
    await expect(rows.nth(index + 1).getByRole('cell')).toHaveText(cells);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'All questions' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);
  // The candidate goes on without a video, as the video section records it.
  await page.evaluate(() => localStorage.setItem('noVideo', 'true'));
  await page.goto(`/invite/${SAMPLE_ID}/iprep`);
  await page.locator('label[for="feedback-star-2"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();

  const summary = page.getByRole('region', { name: 'What Lumenvault receives' });
  await expect(summary).toContainText('1 tab or window switch and 1 paste during the quiz');
  const recorded = summary.getByRole('table', { name: 'Tab or window switches and pastes during the quiz' });
  const summaryRows = recorded.getByRole('row');
  await expect(summaryRows).toHaveCount(3);
  for (const [index, cells] of expectedRows.entries()) {
    await expect(summaryRows.nth(index + 1).getByRole('cell')).toHaveText(cells);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('when the record cannot be read back, the end of the assessment says so and can try again', async ({
  page,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/my-record', 'net::ERR_CONNECTION_REFUSED'));
  allowProblem(/^console error: My record: the server could not be reached TypeError: Failed to fetch/);
  await agreeAndStart(page);
  await startQuiz(page);
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);
  await page.evaluate(() => localStorage.setItem('noVideo', 'true'));
  await page.goto(`/invite/${SAMPLE_ID}/iprep`);
  // The server cannot be reached for the read-back only; everything else goes through.
  await page.route('**/api/my-record', (route) => route.abort('connectionrefused'));
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
  const summary = page.getByRole('region', { name: 'What Lumenvault receives' });
  await expect(summary.getByRole('alert')).toContainText('The summary could not be loaded just now.');
  await expect(summary).not.toContainText('Submitted at');

  await page.unroute('**/api/my-record');
  await summary.getByRole('button', { name: 'Try again' }).click();
  await expect(summary).toContainText(
    /Submitted at \w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d \S+, when you chose Complete\./,
  );
  await expect(summary).toContainText(/Feedback\s*Received at/);
});

test('leaving the tab while reading the instructions, before Start the quiz, is not recorded; leaving it after is', async ({
  page,
  request,
}) => {
  await agreeAndStart(page);
  const storedProctoring = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('quizProgress') ?? '{}').proctoring ?? null);

  // Proctoring is disclosed on this panel, before it happens: reading it, the candidate looks
  // elsewhere for longer than a switch takes, and tries a paste in the practice editor.
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  await switchAway(page);
  await pasteInto(page, 'Practice paste');
  await expect(answerBox(page)).toHaveText('Practice paste');
  await expect(page.getByText('Nothing is listed yet.')).toBeVisible();
  expect((await storedProctoring())?.tabSwitches ?? 0).toBe(0);

  await startQuiz(page);
  // The browser's own start: the switch times are its clock's too. The server's `quizStartedAt` is
  // when the start notice reached it, which may be after a switch made at once.
  const browserStart = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('quizProgress') ?? '{}').startedAt as number | null);
  await expect.poll(browserStart).toEqual(expect.any(Number));
  const startedInBrowser = (await browserStart()) ?? Number.POSITIVE_INFINITY;
  await switchAway(page);
  await expect.poll(async () => (await storedProctoring())?.tabSwitches).toBe(1);
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);

  // What the hiring company reads: the one switch after Start, on the question list, and no paste.
  const session = await submittedSession(page, request);
  expect(session.proctoring.tabSwitches).toBe(1);
  expect(session.proctoring.listSwitchTimes).toHaveLength(1);
  expect(session.proctoring.listSwitchTimes[0]).toBeGreaterThanOrEqual(startedInBrowser);
  for (const question of session.proctoring.perQuestion) {
    expect(question).toMatchObject({ switches: 0, pastes: [] });
  }
});
