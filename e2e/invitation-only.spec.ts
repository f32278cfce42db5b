import { companyIdOf, getTest } from '@assessment/core';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADA, agreeAndStart, expect, fillConfirmationForm } from './fixtures.ts';
import { createInvitation, otherBrowser } from './invitation-helpers.ts';
import { setOpenLinkAllowed, signInReviewer, testOnOwnServer as test } from './review-helpers.ts';

/** Sablecrest OTC's OTC trader test: no other spec opens it, so switching its open link off touches nothing else. */
const INVITATION_ONLY_ID = 'ui8hvqin';

test('a test by personal invitation only: its open link explains, a personal link works, who started goes on', async ({
  page,
  request,
  browser,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const testId = INVITATION_ONLY_ID;
  const definition = getTest(testId);
  if (!definition) throw new Error(`the catalogue has no test ${testId}`);
  const openLink = `/invite/${testId}`;
  // A candidate who started on the open link before the company switched it off.
  await agreeAndStart(page, testId);

  const csrfToken = await signInReviewer(request, companyIdOf(definition), ownServer.dataDir);
  await setOpenLinkAllowed(request, csrfToken, testId, false);

  const second = await otherBrowser(browser);
  try {
    await second.page.goto(openLink);
    const heading = second.page.getByRole('heading', {
      level: 1,
      name: 'This assessment is by personal invitation only',
    });
    await expect(heading).toBeFocused();
    await expect(second.page.getByText('open the personal link from your invitation')).toBeVisible();
    expect(await seriousAccessibilityViolations(second.page)).toEqual([]);

    // A personal link of the same test still opens the landing page.
    const invitation = await createInvitation(request, testId);
    await second.page.goto(invitation.link);
    await expect(second.page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
    await fillConfirmationForm(second.page, ADA);
    await second.page.getByRole('button', { name: 'Agree & start' }).click();
    await expect(second.page).toHaveURL(`${invitation.link}/quiz`);
  } finally {
    await second.close();
  }

  // The candidate who had started goes on.
  await page.goto(openLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeVisible();
  await page
    .getByRole('region', { name: /^Welcome back/ })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(`${openLink}/quiz`);
});
