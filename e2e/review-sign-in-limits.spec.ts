import { expect, refusedRequest } from './fixtures.ts';
import { addReviewer, signInByKeyboard, signOutByKeyboard, testOnOwnServer as test } from './review-helpers.ts';

const ORBITRA = { companyId: 'orbitra-labs' };
/** Sign-ins an address may make in an hour on this spec's server, so a stranger spends them quickly. */
const CAP = 3;

test.use({ ownServerEnv: { SIGN_INS_PER_IP_PER_HOUR: String(CAP) } });

test('someone else at the address spends its sign-ins; the reviewer still signs in from the browser they used before, by keyboard', async ({
  page,
  browser,
  playwright,
  ownServer,
  allowProblem,
  watchPage,
}) => {
  allowProblem(refusedRequest('/api/review/sign-in', 429));
  const reviewer = addReviewer(ORBITRA.companyId, 'Rhea Reviewer', 'reviewer', ownServer.dataDir);
  await signInByKeyboard(page, reviewer);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await signOutByKeyboard(page);

  // Someone else at the same address (every browser of this test is at 127.0.0.1) guesses her
  // password until the address's sign-ins for the hour are spent.
  const stranger = await playwright.request.newContext({ baseURL: ownServer.origin });
  const guesses: number[] = [];
  for (let guess = 0; guess < CAP; guess += 1) {
    const answer = await stranger.post('/api/review/sign-in', {
      data: { email: reviewer.email, password: 'a guess at her password' },
      headers: { origin: ownServer.origin },
    });
    guesses.push(answer.status());
  }
  await stranger.dispose();
  expect(guesses).toEqual([401, 401, 429]);

  // A browser she never signed in from is held with everyone else at the address, and told so.
  const newContext = await browser.newContext();
  const newBrowser = await newContext.newPage();
  await watchPage(newBrowser);
  await signInByKeyboard(newBrowser, reviewer);
  await expect(newBrowser.getByRole('alert').filter({ hasText: 'Too many' })).toHaveText(
    /^Too many sign-in attempts\. Please wait \d+ min and try again\.$/,
  );
  await newContext.close();

  // Her own browser is not: she signs in at once.
  await signInByKeyboard(page, reviewer);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
});
