import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import { addReviewer, signIn, test } from './review-helpers.ts';
import { messagesTo } from './support/inbox.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches: its team is this spec's alone. */
const THISTLECOVE = { companyId: 'thistlecove-protocol' };

test('an admin adds a teammate, who sets a password from their link and signs in; the admin resets and removes them, by keyboard alone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = addReviewer(THISTLECOVE.companyId, 'Ada Admin');
  const run = Date.now().toString(36);
  const email = `tess-${run}@thistlecove.example`;
  await signIn(page, admin, '/review/settings/team');
  const team = page.getByRole('region', { name: 'Your team', exact: true });
  await expect(team.getByRole('row', { name: 'Ada Admin (you)' })).toBeVisible();

  await tabToShownFocus(page, team.getByLabel("Teammate's email"));
  await type(page, email);
  await tabToShownFocus(page, team.getByLabel("Teammate's name"));
  await type(page, 'Tess Teammate');
  await tabToShownFocus(page, team.getByRole('button', { name: 'Add teammate' }));
  await press(page, 'Enter');
  await expect(team.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    'Tess Teammate is added. Send them the link below.',
  );
  await expect(team.getByRole('row', { name: 'Tess Teammate' })).toContainText('Has not set a password yet');
  const link = await team.getByLabel('Link for Tess Teammate to set a password').inputValue();
  expect(link).toMatch(/\/review\/access#[\w-]{43}$/);
  // The run has a mail server: the same link is on its way to Tess.
  await expect(team.getByText('It is on its way to them by email too.')).toBeVisible();
  await expect.poll(async () => (await messagesTo(email)).length).toBe(1);
  const [mail] = await messagesTo(email);
  expect(mail?.subject).toBe("Set your password for Thistlecove Protocol's review page");
  expect(mail?.text).toContain(`Set your password: ${link}`);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const tessContext = await browser.newContext();
  const tess = await tessContext.newPage();
  try {
    await tess.goto(link);
    await expect(tess.getByRole('heading', { level: 1, name: 'Set your password' })).toBeFocused();
    await expect(tess.getByText(`For Tess Teammate (${email}) at Thistlecove Protocol.`)).toBeVisible();
    await tabToShownFocus(tess, tess.getByLabel('New password'));
    await type(tess, 'password1234');
    await press(tess, 'Enter');
    await expect(tess.getByRole('alert')).toContainText('This password is too easy to guess');
    await expect(tess.getByLabel('New password')).toBeFocused();
    await tess.keyboard.press('Control+A');
    await type(tess, 'lantern orchard velvet compass');
    // What was typed can be read before it is sent, and hidden again.
    const show = tess.getByRole('button', { name: 'Show password' });
    await tabToShownFocus(tess, show);
    await press(tess, 'Enter');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(tess.getByLabel('New password')).toHaveAttribute('type', 'text');
    await expect(tess.getByLabel('New password')).toHaveValue('lantern orchard velvet compass');
    await press(tess, 'Enter');
    await expect(tess.getByLabel('New password')).toHaveAttribute('type', 'password');
    await tabToShownFocus(tess, tess.getByLabel('New password'), 'Shift+Tab');
    await press(tess, 'Enter');
    await expect(tess.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
    expect(await seriousAccessibilityViolations(tess)).toEqual([]);
    // The link has left the address; a reload still says the password is set, with the way on.
    await tess.reload();
    await expect(tess.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
    await expect(tess.getByText('This address has no link in it', { exact: false })).toHaveCount(0);
    await tabToShownFocus(tess, tess.getByRole('link', { name: 'Sign in' }));
    await press(tess, 'Enter');
    await tess.getByLabel('Email').fill(email);
    await tess.getByLabel('Password').fill('lantern orchard velvet compass');
    await tess.getByRole('button', { name: 'Sign in' }).click();
    await expect(tess.getByRole('heading', { level: 1, name: 'Your tests' })).toBeVisible();
    // A reviewer, not an admin: the team is not theirs to manage, and their settings do not list it.
    await tess.goto('/review/settings');
    await expect(tess.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expect(tess.getByRole('main').getByRole('link', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(tess.getByRole('main').getByRole('link', { name: 'Team' })).toHaveCount(0);
    await tess.goto('/review/settings/team');
    await expect(tess.getByText('Only an admin of your company can see this page.')).toBeVisible();
    await expect(tess.getByRole('region', { name: 'Your team', exact: true })).toHaveCount(0);

    // The admin resets Tess's access: her sign-in ends, and a new link is shown.
    await page.reload();
    await expect(team.getByRole('row', { name: 'Tess Teammate' })).toContainText('Can sign in');
    await tabToShownFocus(page, team.getByRole('button', { name: 'Reset access for Tess Teammate' }));
    await press(page, 'Enter');
    await expect(team.getByRole('button', { name: 'Yes, reset' })).toBeFocused();
    await press(page, 'Enter');
    await expect(team.getByRole('status').filter({ hasText: 'reset' })).toHaveText(
      "Tess Teammate's access is reset. Send them the new link below.",
    );
    await expect(team.getByLabel('Link for Tess Teammate to set a password')).not.toHaveValue(link);
    await tess.reload();
    await expect(tess.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeVisible();
    await tess.goto(link);
    await expect(tess.getByRole('alert')).toContainText('This link has been used, has expired or was replaced');
    // Trying the same link again cannot work: the page offers the sign-in instead.
    await expect(tess.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(tess.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await tabToShownFocus(page, team.getByRole('button', { name: 'Remove Tess Teammate' }));
    await press(page, 'Enter');
    await press(page, 'Enter');
    await expect(team.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
      'Tess Teammate is removed from the team.',
    );
    await expect(team.getByRole('row', { name: 'Tess Teammate' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your team' })).toBeFocused();
  } finally {
    await tessContext.close();
  }
});
