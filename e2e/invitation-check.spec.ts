import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, failedRequest, refusedRequest } from './fixtures.ts';
import { createInvitation, PERSONAL_TEST } from './invitation-helpers.ts';
import { testOnOwnServer as test } from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

/** Checks of one invitation this spec's server answers in an hour: the second is refused, for real. */
test.use({ ownServerEnv: { INVITATION_CHECKS_PER_IP_PER_HOUR: '1' } });

test('a new personal link the server cannot check says why, honestly, and opens on Try again by keyboard', async ({
  page,
  request,
  allowProblem,
}) => {
  // The network down, then the server's refusal of the invitation's second check, and the page's log of each.
  allowProblem(failedRequest('/api/invitation-status', 'net::ERR_INTERNET_DISCONNECTED'));
  allowProblem(/^console error: Invitation check: the server could not be reached/);
  allowProblem(refusedRequest('/api/invitation-status', 429));
  allowProblem(/^console error: Invitation check: the server answered 429/);
  const invitation = await createInvitation(request, PERSONAL_TEST.testId);
  const notice = page.getByRole('heading', { level: 1, name: 'We could not check your invitation link' });

  await page.route('**/api/invitation-status', (route) => route.abort('internetdisconnected'));
  await page.goto(invitation.link);
  await expect(notice).toBeVisible();
  await expect(page.getByText('The assessment server did not answer.')).toContainText(
    'Please check your internet connection and try again. Nothing has been started or recorded yet.',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.unroute('**/api/invitation-status');
  await tabToShownFocus(page, page.getByRole('button', { name: 'Try again' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeFocused();
  await expect(page.getByText('This is your personal invitation link.')).toBeVisible();

  // The server answers the next check, busy: the page does not blame the candidate's connection.
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.getByText('The assessment server could not check it just now.')).toContainText(
    'Please try again in a minute. Nothing has been started or recorded yet.',
  );
  await expect(page.getByText('check your internet connection')).toHaveCount(0);
});
