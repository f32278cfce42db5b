import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import {
  ADA,
  agreeAndStart,
  expect,
  fillConfirmationForm,
  GENDER_REQUIRED_ID,
  localStorageKeys,
  SAMPLE_ID,
  test,
} from './fixtures.ts';
import { quizStartAnswered } from './quiz-helpers.ts';

test.describe('invite landing', () => {
  test('shows the company, the role, the duration and the four steps', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}`);
    const company = page.getByRole('link', { name: /Lumenvault/ });
    await expect(company).toHaveAttribute('href', 'https://lumenvault.example');
    await expect(company).toHaveAttribute('target', '_blank');
    await expect(company).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Growth Marketing Manager').first()).toBeVisible();
    await expect(page.getByText('20 mins')).toBeVisible();

    for (const [id, title] of [
      ['step-1', 'Responsibilities'],
      ['step-2', 'Key Requirements'],
      ['step-3', 'Sections'],
      ['step-4', 'Confirmation'],
    ]) {
      await expect(page.locator(`#${id}`).getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.locator('#step-1 ol > li')).not.toHaveCount(0);
    await expect(page.locator('#step-2 ol > li')).not.toHaveCount(0);
    const table = page.locator('#step-3 table');
    await expect(table.locator('th')).toHaveText(['NUMBER', 'SECTION', 'DETAIL']);
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tbody')).toContainText('Problem Solving');
    await expect(table.locator('tbody')).toContainText('Answer 3 questions');
    await expect(table.locator('tbody')).toContainText('Video Introduction');
    await expect(table.locator('tbody')).toContainText('Interview Preparation');
  });

  test('Continue scrolls to the next step on a large screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`/invite/${SAMPLE_ID}`);
    await page.locator('#step-1').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#step-2')).toBeInViewport();
    await page.locator('#step-3').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#step-4')).toBeInViewport();
  });

  test('hides the Continue buttons on a smaller screen', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`/invite/${SAMPLE_ID}`);
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  });
});

test.describe('confirmation form', () => {
  test('shows every required message on an empty submit, then clears each one as it is fixed', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}`);
    await page.getByRole('button', { name: 'Agree & start' }).click();
    const messages = [
      'Email is required',
      'Full Name is required',
      'Work Experience is required',
      'Social Link is required',
      'You must agree to the declaration statement',
    ];
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByText('Your Gender is required')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeFocused();
    // Every field in error is drawn alike, text fields as the select: the same border, not colour alone.
    const borders = await Promise.all(
      ['Email', 'Full Name', 'Work Experience', 'Social Link'].map((label) =>
        page.getByLabel(label).evaluate((field) => {
          const style = getComputedStyle(field);
          return `${style.borderTopColor} ${style.borderTopWidth}`;
        }),
      ),
    );
    expect(new Set(borders).size, borders.join(' | ')).toBe(1);
    expect(borders[0]).toMatch(/ 2px$/);
    // … and each is marked invalid for assistive technology, the declaration too.
    for (const label of ['Email', 'Full Name', 'Work Experience', 'Social Link']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);

    await page.getByLabel('Email').fill('ada@lovelace.example');
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByLabel('Full Name').fill('   ');
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await page.getByLabel('Full Name').fill('Ada');
    await expect(page.getByText('Full Name is required')).toHaveCount(0);
    await page.getByLabel('Email').fill('');
    await expect(page.getByText('Email is required')).toBeVisible();
  });

  test('does not validate while typing before the first submit', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}`);
    await page.getByLabel('Email').fill('a');
    await page.getByLabel('Email').fill('');
    await expect(page.getByText('Email is required')).toHaveCount(0);
  });

  test('requires gender when the test asks for it', async ({ page }) => {
    await page.goto(`/invite/${GENDER_REQUIRED_ID}`);
    await fillConfirmationForm(page, ADA);
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(page.getByText('Your Gender is required')).toBeVisible();
    await page.getByLabel(/^Gender/).selectOption('Other');
    await expect(page.getByText('Your Gender is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(page).toHaveURL(`/invite/${GENDER_REQUIRED_ID}/quiz`);
  });

  test('agreeing saves the form, starts the clock and opens the quiz', async ({ page }) => {
    const before = Date.now();
    await agreeAndStart(page, SAMPLE_ID, { ...ADA, email: '  ada@lovelace.example ', fullName: ' Ada Lovelace ' });
    const stored = await localStorageKeys(page);
    expect(stored).toMatchObject({
      testUUID: SAMPLE_ID,
      inviteUUID: SAMPLE_ID,
      email: 'ada@lovelace.example',
      fullName: 'Ada Lovelace',
      social: ADA.social,
      gender: '',
      declaration: 'true',
      term: 'true',
      workExperience: '4-6 Years',
    });
    expect(Number(stored.startTime)).toBeGreaterThanOrEqual(before);
    expect(Number(stored.startTime)).toBeLessThanOrEqual(Date.now());
    await expect(page.locator('.assessment-header')).toContainText('Ada Lovelace');
    await expect(page.locator('.assessment-header')).toContainText('Lumenvault');
    await expect(page.locator('.assessment-header')).toContainText('Growth Marketing Manager');
  });

  test('a returning candidate may change their details: the form is prefilled, and the start time kept', async ({
    page,
  }) => {
    await agreeAndStart(page);
    const first = await localStorageKeys(page);
    await page.goto(`/invite/${SAMPLE_ID}`);
    await page.getByRole('button', { name: 'Change your details' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue(ADA.email);
    await expect(page.getByLabel('Full Name')).toHaveValue(ADA.fullName);
    await expect(page.getByLabel('Work Experience')).toHaveValue(ADA.workExperience);
    await expect(page.getByLabel('Social Link')).toHaveValue(ADA.social);
    await expect(page.getByLabel(/I agree not to copy code/)).toBeChecked();
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/quiz`);
    expect((await localStorageKeys(page)).startTime).toBe(first.startTime);
  });

  test('coming back mid-quiz: welcome back, the time left, one Continue to where the candidate was', async ({
    page,
  }) => {
    await page.clock.install();
    await agreeAndStart(page);
    await page.goto(`/invite/${SAMPLE_ID}`);
    const welcome = page.getByRole('region', { name: 'Welcome back, Ada Lovelace' });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeVisible();
    await expect(welcome).toContainText('You were at Section 1: Problem Solving.');
    await expect(welcome).toContainText('its 15 minutes start when you select Start the quiz');
    // No form to fill in again.
    await expect(page.getByRole('button', { name: 'Agree & start' })).toHaveCount(0);
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/quiz`);
    const startSent = quizStartAnswered(page);
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    await startSent;
    await page.clock.fastForward('04:10');

    await page.goto(`/invite/${SAMPLE_ID}`);
    await expect(welcome).toContainText(
      'Time left on your quiz: 10 minutes. The clock kept running while you were away.',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'All questions' })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^10:\d\d$/);
  });

  test('coming back after the end: the end screen, with no way to start again', async ({ page }) => {
    await agreeAndStart(page);
    await page.evaluate(() => {
      localStorage.setItem('quizSubmitted', 'true');
      localStorage.setItem('noVideo', 'true');
    });
    await page.goto(`/invite/${SAMPLE_ID}/iprep`);
    await page.getByText('4 stars').click({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();

    await page.goto(`/invite/${SAMPLE_ID}`);
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agree & start' })).toHaveCount(0);
    // The end screen's Retry keeps its place, and leads to this same end screen.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/iprep`);
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  });
});
