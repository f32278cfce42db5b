import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { reachFeedback, storedFeedback } from './feedback-helpers.ts';
import { agreeAndStart, expect, SAMPLE_ID, sessionId, test } from './fixtures.ts';

const DONE = 'All responses have been submitted successfully!';

test.describe('feedback section guard', () => {
  test('sends a candidate without a video back to the invitation page', async ({ page }) => {
    await agreeAndStart(page);
    await page.goto(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
    // Registered already: welcomed back, with one way on to where the candidate was.
    await expect(
      page.getByRole('region', { name: /^Welcome back/ }).getByRole('button', { name: 'Continue' }),
    ).toBeVisible();
  });

  test('sends a candidate registered for another invitation back', async ({ page }) => {
    await reachFeedback(page);
    // Reloaded only once the section is in: a reload in the middle of loading it cuts its requests off.
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('inviteUUID', 'abcd1234'));
    await page.reload();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
  });

  test('opens for a candidate who went on without a video', async ({ page }) => {
    await reachFeedback(page, 'noVideo');
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  });
});

test.describe('feedback form', () => {
  test('rates by keyboard, with visible focus, and the rating reaches the API', async ({ page, request }) => {
    await reachFeedback(page);
    await page.getByRole('heading', { level: 1, name: 'Interview Preparation' }).click();
    await page.keyboard.press('Tab');
    const oneStar = page.getByRole('radio', { name: '1 star', exact: true });
    await expect(oneStar).toBeFocused();
    await expect(page.getByRole('group', { name: 'How would you rate this assessment?' })).toBeVisible();

    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    const fourStars = page.getByRole('radio', { name: '4 stars' });
    await expect(fourStars).toBeChecked();
    await expect(fourStars).toBeFocused();
    await expect(page.getByText('Your rating: 4 stars out of 5.')).toBeVisible();

    // The section's own stylesheet is loaded in the shell: the focus ring and the lit stars show.
    const focusedStar = page.locator('label[for="feedback-star-3"]');
    await expect(focusedStar).toHaveCSS('outline-style', 'solid');
    await expect(focusedStar).toHaveCSS('color', 'rgb(184, 110, 0)');
    await expect(page.locator('label[for="feedback-star-4"]')).not.toHaveCSS('color', 'rgb(184, 110, 0)');

    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/What could make this assessment better/)).toBeFocused();
    await page.keyboard.type('Clear questions, fair timing.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();
    await expect(page.getByText(DONE)).toBeVisible();
    const unique = await sessionId(page);
    await expect
      .poll(() => storedFeedback(request, unique))
      .toMatchObject({ stars: 4, feedback: 'Clear questions, fair timing.' });
  });

  test('asks for a rating before submitting, and takes one by mouse', async ({ page, request }) => {
    await reachFeedback(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please choose a rating from 1 to 5 stars.');
    await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.locator('label[for="feedback-star-1"]').click();
    await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText(DONE)).toBeVisible();
    const unique = await sessionId(page);
    await expect.poll(() => storedFeedback(request, unique)).toMatchObject({ stars: 2, feedback: '' });
  });

  test('counts the characters of the comment and stops at the limit', async ({ page }) => {
    await reachFeedback(page);
    const comment = page.getByLabel(/What could make this assessment better/);
    await expect(page.getByText('0 / 2000 characters')).toBeVisible();
    await comment.fill('Good');
    await expect(page.getByText('4 / 2000 characters')).toBeVisible();
    await comment.fill('x'.repeat(2100));
    await expect(page.getByText('2000 / 2000 characters')).toBeVisible();
    await expect(comment).toHaveValue('x'.repeat(2000));
    await expect(
      page.getByRole('status').filter({ hasText: 'You have reached the limit of 2000 characters.' }),
    ).toBeAttached();
  });

  test('keeps a half-written rating and comment across a reload', async ({ page }) => {
    await reachFeedback(page);
    await page.locator('label[for="feedback-star-2"]').click();
    await page.getByLabel(/What could make this assessment better/).fill('Half written');
    await page.reload();
    await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(page.getByLabel(/What could make this assessment better/)).toHaveValue('Half written');
  });
});

test.describe('after submitting', () => {
  test('stores the feedback, shows the thanks again after a reload, and Retry leads back to this end', async ({
    page,
  }) => {
    await reachFeedback(page);
    await page.locator('label[for="feedback-star-4"]').click();
    await page.getByLabel(/What could make this assessment better/).fill('  Loved it  ');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
    await expect(page.getByText(DONE)).toBeVisible();
    await expect(page.getByText(/Thank you for taking the time/)).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('currentScore'), localStorage.getItem('feedback')])).toEqual(
      ['4', 'Loved it'],
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
    await expect(page.getByText(DONE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Retry' }).click();
    // The invitation link of a finished assessment opens its end, with nothing to start again.
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  });
});
