import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { agreeAndStart, expect, GENDER_REQUIRED_ID, localStorageKeys, SAMPLE_ID, test } from './fixtures.ts';
import { answerBox, openQuestion, startQuiz, storedAnswers, submittedSession } from './quiz-helpers.ts';

test.describe('quiz through the shell', () => {
  test('opens on the instructions, which disclose what is recorded', async ({ page }) => {
    await agreeAndStart(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Section 1: Problem Solving' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 0 / 3');
    // The candidate's own limit, the one the countdown runs on, not the whole test's duration.
    await expect(page.getByText('Time limit 15 mins')).toBeVisible();
    // The clock waits for Start the quiz.
    await expect(page.getByRole('timer')).toHaveText('15:00');

    await expect(page.getByRole('heading', { name: 'General Instructions' })).toBeVisible();
    await expect(page.getByText('cannot be paused once begun')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Proctoring Instructions' })).toBeVisible();
    await expect(page.getByText('Proctoring is enabled for this assessment.')).toBeVisible();
    await expect(page.getByText(/Tab or window switches/)).toBeVisible();
    await expect(page.getByText(/Pastes into your answers/)).toBeVisible();
    await expect(page.getByText(/Camera video/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('company'))).toBe('Lumenvault');

    const rail = page.getByRole('navigation', { name: 'Quiz navigation' });
    await expect(rail).toHaveCount(0);
    await startQuiz(page);
    await expect(rail.getByRole('button')).toHaveText(['ALL', '', '1', '2', '3']);
    await expect(rail.getByRole('button', { name: 'All questions' })).toHaveAttribute('aria-current', 'page');
    await rail.getByRole('button', { name: 'Instructions' }).click();
    await expect(rail.getByRole('button', { name: 'Instructions' })).toHaveAttribute('aria-current', 'page');
    // Once started, the instructions lead back to the questions; there is nothing to start again.
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show the questions' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeFocused();
  });

  test('a practice question before the start uses the same editor, costs no time, and is never kept or sent', async ({
    page,
    request,
  }) => {
    await agreeAndStart(page);
    const practice = page.getByRole('region', { name: 'Practice question (optional)' });
    await expect(practice.getByRole('toolbar', { name: 'Answer formatting' })).toBeVisible();
    await practice.getByRole('textbox', { name: 'Practice answer' }).click();
    await page.keyboard.type('Only trying the editor');
    await expect(practice.getByRole('textbox', { name: 'Practice answer' })).toContainText('Only trying the editor');
    await expect(page.getByRole('timer')).toHaveText('15:00');
    expect(JSON.stringify(await localStorageKeys(page))).not.toContain('Only trying');

    await startQuiz(page);
    await expect(page.getByRole('region', { name: 'Practice question (optional)' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const session = await submittedSession(page, request);
    expect(session.answers.html).toEqual(['', '', '']);
    expect(JSON.stringify(await localStorageKeys(page))).not.toContain('Only trying');
  });

  test('the remote styles are applied inside the shell', async ({ page }) => {
    await agreeAndStart(page);
    await expect(page.locator('.quiz-layout')).toHaveCSS('display', 'grid');
    await openQuestion(page, 1);
    await expect(page.getByRole('button', { name: 'Question 1' })).toHaveCSS('background-color', 'rgb(31, 79, 209)');
    await expect(page.getByRole('toolbar', { name: 'Answer formatting' })).toHaveCSS('display', 'flex');
  });

  test('type, make text bold, reload: the answer and the count are still there', async ({ page }) => {
    await agreeAndStart(page);
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    await expect(page.locator('.quiz-table th')).toHaveText(['QUESTIONS', 'ACTION']);
    await expect(page.getByRole('button', { name: /^Solve question/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Solve question 1' }).click();

    const answer = answerBox(page);
    await expect(answer).toContainText('Write something...');
    await answer.click();
    await page.keyboard.type('Hello ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('bold');
    await expect(answer.locator('strong')).toHaveText('bold');
    await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 1 / 3');
    await expect.poll(() => storedAnswers(page)).toEqual(['<p>Hello <strong>bold</strong></p>', '', '']);

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Question 1' })).toBeVisible();
    await expect(answerBox(page)).toContainText('Hello bold');
    await expect(answerBox(page).locator('strong')).toHaveText('bold');
    await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 1 / 3');
    await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();

    await page.getByRole('button', { name: 'All questions' }).click();
    const visited = page.getByRole('button', { name: 'Solve question 1, opened before' });
    const fresh = page.getByRole('button', { name: 'Solve question 2' });
    await expect(visited).toHaveCSS('background-color', 'rgb(236, 238, 243)');
    await expect(fresh).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('what is typed just before a reload is not lost', async ({ page }) => {
    await agreeAndStart(page);
    await openQuestion(page, 2);
    await answerBox(page).click();
    await page.keyboard.type('typed a moment ago');
    await page.reload();
    await expect(answerBox(page)).toHaveText('typed a moment ago');
    expect((await storedAnswers(page))[1]).toBe('<p>typed a moment ago</p>');
  });

  test('the count follows what is typed and deleted, and Continue walks through the questions', async ({ page }) => {
    await agreeAndStart(page);
    const count = page.getByRole('status').filter({ hasText: 'Answered' });
    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('one');
    await expect(count).toHaveText('Answered 1 / 3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Question 2' })).toBeFocused();
    await answerBox(page).click();
    await page.keyboard.type('two');
    await expect(count).toHaveText('Answered 2 / 3');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect(count).toHaveText('Answered 1 / 3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Question 3' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeVisible();
  });

  test('Complete submits the answers to the API and goes to the video section', async ({ page, request }) => {
    await agreeAndStart(page);
    await openQuestion(page, 1);
    await answerBox(page).click();
    await page.keyboard.type('First answer');
    await openQuestion(page, 3);
    await answerBox(page).click();
    await page.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('Third, in italics');

    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
    await expect(dialog).toContainText('You have answered 2 of 3 questions.');
    await dialog.getByRole('button', { name: 'Keep working' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/quiz`);

    await page.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);

    const session = await submittedSession(page, request);
    expect(session.answers.html).toEqual(['<p>First answer</p>', '', '<p><em>Third, in italics</em></p>']);
    expect(session.proctoring.perQuestion).toHaveLength(3);

    await page.goto(`/invite/${SAMPLE_ID}/quiz`);
    await expect(page.getByText('Your answers to this section have been submitted.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to the video introduction' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/vintro`);
  });

  test('a quiz stored for another invitation sends the candidate to this invitation’s start', async ({ page }) => {
    await agreeAndStart(page);
    await page.goto(`/invite/${GENDER_REQUIRED_ID}/quiz`);
    await expect(page).toHaveURL(`/invite/${GENDER_REQUIRED_ID}`);
  });

  test('no serious accessibility violation on the list, a question and the Complete dialog', async ({ page }) => {
    await agreeAndStart(page);
    const serious = () => seriousAccessibilityViolations(page);
    expect(await serious()).toEqual([]);
    await openQuestion(page, 1);
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});
