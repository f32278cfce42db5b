import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect } from './fixtures.ts';
import { addReviewer, signIn, test } from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches: its keys are this spec's alone. */
const PELLUMBRA = 'pellumbra-chain';

test('an admin makes a Greenhouse key by keyboard, copies it once, Greenhouse calls with it and reports, and the admin revokes it', async ({
  page,
  request,
}) => {
  const admin = addReviewer(PELLUMBRA, 'Gwen Keys');
  const name = `Greenhouse ${Date.now().toString(36)}`;
  await signIn(page, admin, '/review/settings/greenhouse');
  const panel = page.getByRole('region', { name: 'Greenhouse', exact: true });
  await expect(panel.getByLabel('Send test (send_test)')).toHaveValue(/\/api\/partners\/greenhouse\/send_test$/);

  // Past the addresses to give Greenhouse.
  await tabToShownFocus(page, panel.getByLabel('Name of the new key'), 'Tab', 80);
  await type(page, name);
  await tabToShownFocus(page, panel.getByRole('button', { name: 'Make key' }));
  await press(page, 'Enter');
  await expect(panel.getByRole('status').filter({ hasText: 'is made' })).toHaveText(
    `The key "${name}" is made. Copy it now: it is not shown again.`,
  );
  const field = panel.getByLabel(`Greenhouse key "${name}" (shown once)`);
  await expect(field).toHaveValue(/^pk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  const key = await field.inputValue();
  await expect(panel.getByRole('row', { name: new RegExp(name) })).toContainText('Not used by Greenhouse yet');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Greenhouse calls with it as its docs show (the key, a colon, base64), and reports an answer it could not use.
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const listed = await request.get('/api/partners/greenhouse/list_tests', { headers: { authorization } });
  expect(listed.status()).toBe(200);
  const problem = `list_tests answer unreadable at ${name}`;
  const reported = await request.post('/api/partners/greenhouse/response_error', {
    headers: { authorization },
    data: { api_call: 'list_tests', errors: [problem] },
  });
  expect(reported.status()).toBe(200);

  // Once the page is left, the key is gone from it for good; its name and its use stay, and the
  // report is beside the messages sent, in the settings' "Emails and webhooks".
  await page.reload();
  await expect(panel.getByRole('row', { name: new RegExp(name) })).toContainText(
    'In use: Greenhouse last called with it',
  );
  await expect(panel.getByLabel(/shown once/)).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await page.goto('/review/settings/emails');
  const reports = page.getByRole('table', { name: 'Reported by Greenhouse' });
  await expect(reports.getByRole('row', { name: new RegExp(problem) })).toContainText('list_tests');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.goto('/review/settings/greenhouse');

  // Revoked by keyboard: asked first, then Greenhouse's calls with it are refused.
  await tabToShownFocus(page, panel.getByRole('button', { name: `Revoke ${name}` }), 'Tab', 80);
  await press(page, 'Enter');
  await expect(panel.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
  await press(page, 'Enter');
  await expect(panel.getByRole('status').filter({ hasText: 'revoked' })).toHaveText(`The key "${name}" is revoked.`);
  await expect(panel.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
  const refused = await request.get('/api/partners/greenhouse/list_tests', { headers: { authorization } });
  expect(refused.status()).toBe(401);
});
