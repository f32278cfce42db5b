import type { AccessLinkMade } from '@assessment/core';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { addReviewer, signIn, signInReviewer, test } from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other test touches; its one test is the first link of its list. */
const OSTRELLE = { companyId: 'ostrelle-capital', roleName: 'Investment Analyst' };

/**
 * A new teammate of Ostrelle, added through the API by a signed-in admin (the team's page is
 * review-team.spec.ts's): their email, their one-time link's secret, and what a reset needs.
 */
async function newTeammate(request: APIRequestContext, name: string) {
  const csrfToken = await signInReviewer(request, OSTRELLE.companyId);
  const email = `${name.split(' ')[0]?.toLowerCase()}-${Date.now().toString(36)}@ostrelle-capital.example`;
  const made = await request.post('/api/review/team', {
    headers: { 'x-csrf-token': csrfToken },
    data: { email, name, role: 'reviewer' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { teammate, secret } = (await made.json()) as AccessLinkMade;
  return { csrfToken, email, reviewerId: teammate.reviewerId, secret };
}

/**
 * Follows the skip link by keyboard from the view's heading, which takes the focus when the view
 * appears, so the link is behind it: Shift+Tab reaches it over the header. Enter has to leave the
 * focus on the main region itself (on the body, a screen reader would not say where the reviewer
 * is), and the next Tab has to go on inside it, not back to the header.
 */
async function followSkipLink(page: Page, heading: string, firstInMain: (main: Locator) => Locator): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: 'Skip to main content', exact: true }), 'Shift+Tab');

  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  // The focus shows on the view's heading, in the one ring of base.css, and not round the whole view.
  const outline = (element: Element) =>
    `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineColor}`;
  expect(await main.getByRole('heading', { level: 1 }).evaluate(outline)).toBe('solid rgb(194, 94, 0)');
  expect(await main.evaluate(outline)).toMatch(/^none /);

  await press(page, 'Tab');
  await expect(firstInMain(main)).toBeFocused();
}

test('the skip link puts the focus on the main region of a signed-in view, and Tab goes on inside it', async ({
  page,
}) => {
  await signIn(page, addReviewer(OSTRELLE.companyId));
  await page.goto('/review/');
  await expect(page.getByRole('link', { name: OSTRELLE.roleName })).toBeVisible();
  // The first link in it is the Insights of all the company's tests, above the list.
  await followSkipLink(page, 'Your tests', (main) => main.getByRole('link', { name: 'Insights' }));
  await page.goto('/review/settings/team');
  await followSkipLink(page, 'Team', (main) =>
    main.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }),
  );
  // Left, the main region takes no focus again: after a click on its text, Tab goes on from there.
  await page.getByRole('heading', { name: 'Add a teammate' }).click();
  await press(page, 'Tab');
  await expect(page.getByLabel("Teammate's email")).toBeFocused();
});

test('the skip link puts the focus on the main region of the sign-in form, and Tab goes on inside it', async ({
  page,
}) => {
  await page.goto('/review/');
  await followSkipLink(page, 'Sign in to review your candidates', (main) => main.getByLabel('Email'));
});

test("the skip link on a teammate's one-time link, and the spent link leaves the address, by keyboard alone", async ({
  page,
  request,
}) => {
  const { email, secret } = await newTeammate(request, 'Sam Skipper');

  await page.goto(`/review/access#${secret}`);
  await expect(page.getByText(`For Sam Skipper (${email}) at`)).toBeVisible();
  // The page is outside ReviewLayout (review/src/app/App.tsx), which gives the other views theirs.
  await expect(page.getByRole('link', { name: 'Skip to main content', exact: true })).toBeAttached();
  await followSkipLink(page, 'Set your password', (main) => main.getByLabel('New password'));
  // A reload before the password is set still finds the link.
  await page.reload();
  await expect(page.getByText(`For Sam Skipper (${email}) at`)).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#${secret}`);

  await tabToShownFocus(page, page.getByLabel('New password'));
  await type(page, 'lantern orchard velvet compass');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
  // Spent, the secret is gone from the address, and from the history entry it was in.
  await expect(page).toHaveURL(/\/review\/access\?password=set$/);
  expect(page.url()).not.toContain(secret);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: 'Sign in' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
  await expect(page).toHaveURL(/\/review\/access\?password=set$/);
  expect(page.url()).not.toContain(secret);
});

test('a one-time link mangled on its way says the address holds no link, instead of a blank page', async ({ page }) => {
  await page.goto('/review/access#%E0');
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByText('This address has no link in it.')).toBeVisible();
});

test('the skip link of a one-time link page, opened in a new tab, finds no link there instead of a spent one', async ({
  page,
}) => {
  // Where a Ctrl-click on "Skip to main content" takes the teammate: the fragment is the skip link's.
  await page.goto('/review/access#main');
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByText('This address has no link in it.')).toBeVisible();
});

test('a newer link pasted into the tab of an older one is the one the page reads', async ({ page, request }) => {
  const { csrfToken, email, reviewerId, secret: first } = await newTeammate(request, 'Pat Paster');
  await page.goto(`/review/access#${first}`);
  await expect(page.getByText(`For Pat Paster (${email}) at`)).toBeVisible();

  // An admin sends a reset; the first link is replaced by it.
  const reset = await request.post(`/api/review/team/${reviewerId}/reset`, {
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const { secret: second } = (await reset.json()) as { secret: string };
  // Pasted into the same tab, only the fragment changes: the browser does not load the page again.
  await page.goto(`/review/access#${second}`);
  await expect(page.getByText(`For Pat Paster (${email}) at`)).toBeVisible();
  await tabToShownFocus(page, page.getByLabel('New password'));
  await type(page, 'harbour lantern meadow quill');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeFocused();
  expect(page.url()).not.toContain(second);
});
