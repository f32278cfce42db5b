import type { Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, expect, SAMPLE_ID, test } from './fixtures.ts';
import { expectFocusKept, press, tabTo, type } from './support/keyboard.ts';
import { waitForElapsed } from './video-helpers.ts';

/** After a route change: the section's main heading has focus, and the tab's title names the section. */
async function expectArrivedAt(page: Page, path: string, heading: string, title: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await expect(page).toHaveTitle(title);
}

test('the whole assessment by keyboard alone: focus is never lost, and each section starts at its heading', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const invite = `/invite/${SAMPLE_ID}`;
  await page.goto(invite);
  await expect(page).toHaveTitle('Lumenvault Assessment');

  // The landing page and its form.
  await tabTo(page, page.getByLabel('Email'));
  await type(page, ADA.email);
  await press(page, 'Tab');
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await type(page, ADA.fullName);
  await press(page, 'Tab');
  await expect(page.getByLabel('Work Experience')).toBeFocused();
  await type(page, '4');
  await expect(page.getByLabel('Work Experience')).toHaveValue('4-6 Years');
  await press(page, 'Tab');
  await expect(page.getByLabel('Social Link')).toBeFocused();
  await type(page, ADA.social);
  await tabTo(page, page.getByLabel(/I agree not to copy code/));
  await press(page, 'Space');
  await expect(page.getByLabel(/I agree not to copy code/)).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Agree & start' }));
  await press(page, 'Enter');

  // Section 1: the quiz.
  await expectArrivedAt(
    page,
    `${invite}/quiz`,
    'Section 1: Problem Solving',
    'Problem Solving · Lumenvault Assessment',
  );
  await tabTo(page, page.getByRole('button', { name: 'Start the quiz' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Solve question 1' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Question 1' })).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: 'Answer' }));
  await type(page, 'Answered with the keyboard alone.');
  // Saving the answer (and announcing the count) never takes focus from the editor.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('answers') ?? '')).toContain('keyboard alone');
  await expect(page.getByRole('status').filter({ hasText: 'Answered 1 / 3' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Answer' })).toBeFocused();
  for (const next of ['Question 2', 'Question 3', 'All questions']) {
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { level: 2, name: next })).toBeFocused();
  }
  await tabTo(page, page.getByRole('button', { name: 'Complete' }));
  await press(page, 'Enter');
  await expect(page.getByRole('dialog', { name: 'Submit your answers?' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit answers' }));
  await press(page, 'Enter');

  // Section 2: the video, with the fake camera the Playwright config provides.
  await expectArrivedAt(page, `${invite}/vintro`, 'Video Introduction', 'Video Introduction · Lumenvault Assessment');
  await tabTo(page, page.getByRole('button', { name: 'Request Camera Access' }));
  await press(page, 'Enter');
  // The camera is on: focus moves on to the next step instead of falling to the page.
  await expect(page.getByRole('button', { name: 'Record Now' })).toBeFocused();
  // One key records: Record Now opens the recording view with the take running, on Recording.
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Record your introduction' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recording' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Recording started.' })).toBeVisible();
  await waitForElapsed(page, 2);
  await press(page, 'Enter');
  // Record, Recording, then the take: focus goes to the take's Play button.
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Recording stopped.' })).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
  await expect
    .poll(() => page.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThan(0.3);
  await press(page, 'Enter');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
  await press(page, 'Tab');
  await expect(page.getByRole('slider', { name: 'Position' })).toBeFocused();
  await press(page, 'End');
  const takeSeconds = await page.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.duration);
  await expect
    .poll(() => page.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeCloseTo(Math.floor(takeSeconds), 0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await press(page, 'Enter');

  // Section 3: feedback, then the end.
  await expectArrivedAt(
    page,
    `${invite}/iprep`,
    'Interview Preparation',
    'Interview Preparation · Lumenvault Assessment',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('radio', { name: '1 star', exact: true }));
  for (let star = 0; star < 3; star += 1) await press(page, 'ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await tabTo(page, page.getByLabel(/What could make this assessment better/));
  await type(page, 'Clear steps, all by keyboard.');
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();
  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Retry opens the invitation link again, which brings a finished candidate back to this end,
  // focused at its heading.
  await tabTo(page, page.getByRole('button', { name: 'Retry' }));
  await press(page, 'Enter');
  await expectArrivedAt(page, `${invite}/iprep`, "You're all done", 'Interview Preparation · Lumenvault Assessment');
  await expectFocusKept(page);
});
