import type { Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, failedRequest, refusedRequest } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  signInHereByKeyboard,
  signOutByKeyboard,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { describeFocus, press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company of the seed, on a server of each test's own: the notes saved are that test's alone. */
const NIMBUS = { companyId: 'nimbus-ledger', testId: 'ppxx71c9' };

const SIGN_IN = { level: 1, name: 'Sign in to review your candidates' } as const;
const ENDED_NOTICE =
  'Your session has ended. Please sign in again: with the same account, you carry on where you left off, ' +
  'with anything you had not yet saved.';

/**
 * Ends the page's sign-in as a reviewer does without knowing it: signing out in another tab of the
 * same browser (same cookie). The page itself learns it only from its next call.
 */
async function signOutInAnotherTab(page: Page, watchPage: (page: Page) => Promise<void>): Promise<void> {
  const otherTab = await page.context().newPage();
  await watchPage(otherTab);
  await otherTab.goto('/review/');
  await expect(otherTab.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await signOutByKeyboard(otherTab);
  await otherTab.close();
}

/** A candidate with answers to read, and the address of their page. */
async function candidateToReview(request: Parameters<typeof registerCandidate>[0], name: string) {
  const candidate = await registerCandidate(request, NIMBUS.testId, { fullName: name, name });
  await submitAnswers(request, candidate, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>']);
  return { sessionId: candidate.sessionId, address: `/review/candidates/${candidate.sessionId}` };
}

/**
 * Rita, a reviewer of a new candidate called `name`, signed in by keyboard on that candidate's
 * page. A note save that finds her sign-in ended is refused, and Chromium logs the refusal.
 */
async function ritaOnCandidatePage(
  {
    page,
    request,
    allowProblem,
    dataDir,
  }: {
    page: Page;
    request: Parameters<typeof registerCandidate>[0];
    allowProblem: (problem: RegExp) => void;
    dataDir: string;
  },
  name: string,
) {
  const candidate = await candidateToReview(request, name);
  allowProblem(refusedRequest(`/api/review/candidates/${candidate.sessionId}/notes`, 401));
  const rita = addReviewer(NIMBUS.companyId, 'Rita Reviewer', 'reviewer', dataDir);
  await page.goto(candidate.address);
  await signInHereByKeyboard(page, rita);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  return { candidate, rita };
}

/** Types `note`, and presses "Add note" once the sign-in has ended in another tab: the form shows. */
async function noteAsSignInEnds(page: Page, watchPage: (page: Page) => Promise<void>, note: string): Promise<void> {
  const decision = page.locator('#decision');
  await tabToShownFocus(page, decision.getByLabel('Add a note'));
  await type(page, note);
  await tabToShownFocus(page, decision.getByRole('button', { name: 'Add note' }));
  await signOutInAnotherTab(page, watchPage);
  await press(page, 'Enter');
  await expect(page.getByRole('heading', SIGN_IN)).toBeFocused();
}

/** Everything the tab holds that a later user of it could read: the page's markup and its storage. */
function whatTheTabHolds(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify([
      document.documentElement.outerHTML,
      Array.from(document.querySelectorAll('input, textarea'), (field) => (field as HTMLInputElement).value),
      { ...localStorage },
      { ...sessionStorage },
    ]),
  );
}

test('a reviewer whose sign-in ends while they type signs in again by keyboard, finds their note and stage choice as they left them, and saves both', async ({
  page,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Nora Noted ${run}`;
  const { rita } = await ritaOnCandidatePage({ page, request, allowProblem, dataDir: ownServer.dataDir }, name);
  const note = `Strong second answer; ask in the interview how they would test the ledger import (${run}).`;
  const decision = page.locator('#decision');
  const stage = decision.getByLabel("Candidate's stage");
  await tabToShownFocus(page, stage);
  await press(page, 'ArrowDown');
  await expect(stage).toHaveValue('reviewing');
  const box = decision.getByLabel('Add a note');
  const addNote = decision.getByRole('button', { name: 'Add note' });
  await noteAsSignInEnds(page, watchPage, note);

  // The sign-in form takes the focus and says what happened; the view under it is out of sight,
  // out of the accessibility tree and out of the keyboard's reach.
  await expect(page.getByRole('status')).toContainText('Your session has ended.');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(box).toBeHidden();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The same reviewer signs in again, each Tab going to the form's next control. Past its last
  // one the focus leaves the page instead of going into the view under it, and comes back to it.
  for (const [field, text] of [
    [page.getByLabel('Email'), rita.email],
    [page.getByLabel('Password'), rita.password],
  ] as const) {
    await press(page, 'Tab');
    await expect(field).toBeFocused();
    await type(page, text);
  }
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await press(page, 'Tab');
  await expect(signInButton).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await describeFocus(page)).toBe('body');
  await page.keyboard.press('Shift+Tab');
  await expect(signInButton).toBeFocused();
  await press(page, 'Enter');

  // Back on the button they pressed, nothing they typed or chose lost.
  await expect(box).toBeVisible();
  await expect(box).toHaveValue(note);
  await expect(stage).toHaveValue('reviewing');
  await expect(addNote).toBeFocused();
  await expect(page).toHaveTitle(`${name} · Review`);
  await expect(decision.getByRole('alert')).toHaveText(
    'Your sign-in had ended, so this was not done. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await press(page, 'Enter');
  await expect(decision.getByRole('status').filter({ hasText: 'Note' })).toHaveText('Note added.');
  await expect(decision.locator('.note-body')).toHaveText([note]);
  await expect(decision.getByRole('alert')).toHaveCount(0);
  await tabToShownFocus(page, decision.getByRole('button', { name: 'Save stage' }), 'Shift+Tab');
  await press(page, 'Enter');
  await expect(decision.getByRole('status').filter({ hasText: 'Stage' })).toHaveText('Stage: Reviewing.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('after a sign-in ends, another reviewer signing in on that tab finds nothing of the first one’s typing, and a sign-out leaves nothing of their own behind', async ({
  page,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Pia Private ${run}`;
  const dana = addReviewer(NIMBUS.companyId, 'Dana Decider', 'reviewer', ownServer.dataDir);
  const ritasNote = `Rita's unsent thought on ${run}`;
  const danasNote = `Dana's unsent thought on ${run}`;
  await ritaOnCandidatePage({ page, request, allowProblem, dataDir: ownServer.dataDir }, name);
  const decision = page.locator('#decision');
  const box = decision.getByLabel('Add a note');
  await noteAsSignInEnds(page, watchPage, ritasNote);
  // The form promises the typing back to the same account only.
  await expect(page.getByRole('status')).toHaveText(ENDED_NOTICE);

  // Dana signs in on Rita's tab: the candidate's page, new, with no trace of Rita's note.
  await signInHereByKeyboard(page, dana);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(page.locator('.review-reviewer')).toContainText('Dana Decider');
  await expect(box).toHaveValue('');
  await expect(decision.getByRole('alert')).toHaveCount(0);
  expect(await whatTheTabHolds(page)).not.toContain(ritasNote);

  // Dana's own typing goes with the sign-out she asks for.
  await tabToShownFocus(page, box);
  await type(page, danasNote);
  await signOutByKeyboard(page);
  await expect(page.getByRole('heading', SIGN_IN)).toBeFocused();
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await whatTheTabHolds(page)).not.toContain(danasNote);
  await signInHereByKeyboard(page, dana);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(box).toHaveValue('');
});

test('a reviewer whose sign-in has ended follows the header link and goes Back and Forward before signing in again, and still finds their note on the page they left', async ({
  page,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Wanda Wandered ${run}`;
  const { rita, candidate } = await ritaOnCandidatePage(
    { page, request, allowProblem, dataDir: ownServer.dataDir },
    name,
  );
  const note = `Asked about the import's edge cases; follow up (${run}).`;
  const decision = page.locator('#decision');
  const box = decision.getByLabel('Add a note');
  const addNote = decision.getByRole('button', { name: 'Add note' });
  await noteAsSignInEnds(page, watchPage, note);

  // Away from the page by the header's link, then Back and Forward, all while signed out.
  await tabToShownFocus(page, page.getByRole('link', { name: 'Review' }), 'Shift+Tab');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/review\/?$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${candidate.address}$`));
  await page.goForward();
  await expect(page).toHaveURL(/\/review\/?$/);
  await expect(page.getByRole('heading', SIGN_IN)).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(box).toBeHidden();

  // Signed in again: the page they left, at its own address, with the note they had typed.
  await tabToShownFocus(page, page.getByLabel('Email'));
  await type(page, rita.email);
  await tabToShownFocus(page, page.getByLabel('Password'));
  await type(page, rita.password);
  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`${candidate.address}$`));
  await expect(box).toBeVisible();
  await expect(box).toHaveValue(note);
  await expect(addNote).toBeFocused();
  await expect(page).toHaveTitle(`${name} · Review`);
  await press(page, 'Enter');
  await expect(decision.locator('.note-body')).toHaveText([note]);
  // Back from here leaves the page they were returned to, as any other address change would.
  await page.goBack();
  await expect(page).toHaveURL(/\/review\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a reviewer who signs in again while the server cannot say who they are keeps their note, is told, and signs in once more', async ({
  page,
  request,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Ursa Unreached ${run}`;
  const { rita } = await ritaOnCandidatePage({ page, request, allowProblem, dataDir: ownServer.dataDir }, name);
  const note = `Clear on the reconciliation question; check references (${run}).`;
  const decision = page.locator('#decision');
  const box = decision.getByLabel('Add a note');
  await noteAsSignInEnds(page, watchPage, note);

  // The sign-in is accepted, but the next call, who is signed in, does not reach the server.
  allowProblem(failedRequest('/api/review/session', 'net::ERR_CONNECTION_REFUSED'));
  await page.route('**/api/review/session', (route) => route.abort('connectionrefused'), { times: 1 });
  await signInHereByKeyboard(page, rita);
  await expect(page.locator('.sign-in-form').getByRole('alert')).toHaveText(
    'The server could not be reached. Check your connection and try again.',
  );
  await expect(page.getByRole('heading', SIGN_IN)).toBeVisible();
  await expect(box).toBeHidden();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Once more, the server answering: the note is there as it was typed.
  await tabToShownFocus(page, page.getByLabel('Password'), 'Shift+Tab');
  await type(page, rita.password);
  await press(page, 'Enter');
  await expect(box).toBeVisible();
  await expect(box).toHaveValue(note);
  await expect(page).toHaveTitle(`${name} · Review`);
});
