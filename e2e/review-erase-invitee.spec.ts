import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import { createInvitation } from './invitation-helpers.ts';
import { addReviewer, signInByKeyboard, test } from './review-helpers.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';

/** A company no other spec touches: its invitations are this spec's alone. */
const ZEPHYRION = { companyId: 'zephyrion-labs', testId: '9m2wykp4', roleName: 'Chief Operating Officer' };

test('an admin erases, by keyboard, whom an unused invitation was for; its link then says so', async ({
  page,
  request,
  allowProblem,
}) => {
  // After the erasure the link is answered 410 on purpose.
  allowProblem(refusedRequest('/api/invitation-status', 410));
  const invitation = await createInvitation(request, ZEPHYRION.testId);
  const admin = addReviewer(ZEPHYRION.companyId, 'Zara Admin');
  await signInByKeyboard(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: ZEPHYRION.roleName }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: ZEPHYRION.roleName })).toBeFocused();
  await tabToShownFocus(page, page.getByRole('link', { name: 'Invitations', exact: true }));
  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`/review/tests/${ZEPHYRION.testId}/invitations$`));

  const card = page.getByRole('article', { name: new RegExp(invitation.name as string) });
  const erase = card.getByRole('button', { name: 'Erase their data' });
  await tabToShownFocus(page, erase);
  await press(page, 'Enter');
  await expect(card.getByRole('button', { name: 'Yes, erase for good' })).toBeFocused();
  await expect(card).toContainText(
    `holds of ${invitation.email}? Their name and email, the emails sent to them and the record of who looked at this invitation go for good. Their link then tells them their data was erased.`,
  );
  // Cancel first: nothing goes, and the focus is back where it was.
  await tabToShownFocus(page, card.getByRole('button', { name: 'Cancel' }));
  await press(page, 'Enter');
  await expect(erase).toBeFocused();
  await press(page, 'Enter');
  await press(page, 'Enter');

  const erased = page.getByRole('article', { name: /Personal invitation/ });
  await expect(erased.getByRole('heading')).toContainText('Erased');
  await expect(erased.getByRole('heading')).toBeFocused();
  await expect(erased.getByRole('status')).toHaveText('Their data is erased; their link now tells them so.');
  await expect(erased).toContainText('(erased)');
  await expect(page.getByText(invitation.email)).toHaveCount(0);
  await expect(erased.getByRole('button')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Read again from the server, not only as the card was told.
  await page.reload();
  await expect(page.getByRole('article', { name: /Personal invitation/ }).getByRole('heading')).toContainText('Erased');
  await expect(page.getByText(invitation.email)).toHaveCount(0);

  await page.goto(invitation.link);
  await expect(page).toHaveURL('/expired');
  await expect(page.getByText('Your data for this assessment has been erased')).toBeVisible();
});
