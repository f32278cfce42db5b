import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { agreeAndStart, expect, sessionId, test } from './fixtures.ts';
import { createInvitation, PERSONAL_TEST } from './invitation-helpers.ts';
import { answerBox, openQuestion, storedAnswers } from './quiz-helpers.ts';

/** A second company's test that no other spec uses: the invitation this candidate opens next. */
const SECOND_TEST = { testId: 'bb5a2odu', companyName: 'Corvanth Stake' };

test('a second invitation says, before Agree & start, that it would replace the unfinished one', async ({
  page,
  request,
}) => {
  const first = await createInvitation(request, PERSONAL_TEST.testId);
  const second = await createInvitation(request, SECOND_TEST.testId);
  await agreeAndStart(page, first.link.slice('/invite/'.length));
  await openQuestion(page, 1);
  await answerBox(page).click();
  await page.keyboard.type('My first answer');
  await expect.poll(() => storedAnswers(page)).toEqual(['<p>My first answer</p>', '', '']);
  const firstSession = await sessionId(page);

  await page.goto(second.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Agree & start' });
  await expect(start).toHaveAccessibleDescription(
    /^You have not finished your Yarrowbit assessment for the Support Specialist role in this browser\. Starting this assessment here replaces it/,
  );
  const back = page.getByRole('link', {
    name: 'Go back to your Yarrowbit assessment for the Support Specialist role',
  });
  await expect(back).toHaveAttribute('href', first.link);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Only agreeing replaces it: the way back leads to the first assessment as it was.
  await back.click();
  await expect(page).toHaveURL(first.link);
  await expect(page.getByRole('region', { name: /^Welcome back/ })).toContainText('You were at Section 1');
  expect(await sessionId(page)).toBe(firstSession);
  expect(await storedAnswers(page)).toEqual(['<p>My first answer</p>', '', '']);
});
