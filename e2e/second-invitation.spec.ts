import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, adminSession, agreeAndStart, expect, fillConfirmationForm, sessionId, test } from './fixtures.ts';
import { createInvitation, PERSONAL_TEST } from './invitation-helpers.ts';
import { answerBox, openQuestion, storedAnswers } from './quiz-helpers.ts';

/** A second company's test that no other spec uses: the invitation this candidate opens next. */
const SECOND_TEST = { testId: 'bb5a2odu', companyName: 'Corvanth Stake', roleName: 'Staking Product Manager' };
const FIRST_NAME = 'Yarrowbit assessment for the Support Specialist role';

test('a second invitation says, before Agree & start, that it sets the unfinished one aside; both can be finished', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const first = await createInvitation(request, PERSONAL_TEST.testId);
  const second = await createInvitation(request, SECOND_TEST.testId);
  await agreeAndStart(page, first.link.slice('/invite/'.length));
  await openQuestion(page, 1);
  await answerBox(page).click();
  await page.keyboard.type('My first answer');
  await expect.poll(() => storedAnswers(page)).toEqual(['<p>My first answer</p>', '', '']);
  const firstSession = await sessionId(page);
  await expect
    .poll(async () => (await adminSession(request, firstSession))?.answers?.html[0], { timeout: 30_000 })
    .toBe('<p>My first answer</p>');

  await page.goto(second.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Agree & start' });
  await expect(start).toHaveAccessibleDescription(
    new RegExp(
      `^You have not finished your ${FIRST_NAME} in this browser\\. Starting this assessment here sets it aside\\.`,
    ),
  );
  const back = page.getByRole('link', { name: `Go back to your ${FIRST_NAME}` });
  await expect(back).toHaveAttribute('href', first.link);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Only agreeing sets it aside: the way back leads to the first assessment as it was.
  await back.click();
  await expect(page).toHaveURL(first.link);
  await expect(page.getByRole('region', { name: /^Welcome back/ })).toContainText('You were at Section 1');
  expect(await sessionId(page)).toBe(firstSession);

  // The second one started: a session of its own, from a fresh quiz.
  await agreeAndStart(page, second.link.slice('/invite/'.length));
  const secondSession = await sessionId(page);
  expect(secondSession).not.toBe(firstSession);
  await openQuestion(page, 2);
  await answerBox(page).click();
  await page.keyboard.type('My second answer');
  await expect.poll(() => storedAnswers(page)).toEqual(['', '<p>My second answer</p>', '']);

  // The first link still knows this browser, and agreeing there continues it where it was.
  await page.goto(first.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
  await expect(page.getByText('You already started this assessment in this browser.')).toBeVisible();
  await expect(
    page.getByRole('link', {
      name: `Go back to your ${SECOND_TEST.companyName} assessment for the ${SECOND_TEST.roleName} role`,
    }),
  ).toBeVisible();
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${first.link}/quiz`);
  expect(await sessionId(page)).toBe(firstSession);
  await openQuestion(page, 1);
  await expect(answerBox(page)).toHaveText('My first answer');
  await answerBox(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(', finished later');
  await expect
    .poll(async () => (await adminSession(request, firstSession))?.answers?.html[0], { timeout: 30_000 })
    .toBe('<p>My first answer, finished later</p>');

  // And the second one, set aside in its turn, continues too.
  await page.goto(second.link);
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${second.link}/quiz`);
  expect(await sessionId(page)).toBe(secondSession);
  await openQuestion(page, 2);
  await expect(answerBox(page)).toHaveText('My second answer');
});
