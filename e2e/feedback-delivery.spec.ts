import { reachFeedback, storedFeedback } from './feedback-helpers.ts';
import { expect, failedRequest, refusedRequest, sessionId, test } from './fixtures.ts';

test('with the API unreachable the thanks say it is still sending, then confirm once it is back', async ({
  page,
  request,
  allowProblem,
}) => {
  // The feedback call fails for as long as the test keeps the network down.
  allowProblem(failedRequest('/api/feedback', 'net::ERR_INTERNET_DISCONNECTED'));
  await reachFeedback(page);
  await page.route('**/api/feedback', (route) => route.abort('internetdisconnected'));
  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByLabel(/What could make this assessment better/).fill('Sent while offline');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  const sending = page.getByRole('status').filter({ hasText: 'still being sent' });
  await expect(sending).toContainText('keep this tab open');
  await expect(page.getByText('All responses have been submitted successfully!')).toHaveCount(0);
  const unique = await sessionId(page);
  expect(await storedFeedback(request, unique)).toBeNull();

  // Closing the tab now asks first, so the feedback is not left behind by accident.
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const leave = await dialog;
  expect(leave.type()).toBe('beforeunload');
  await leave.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.unroute('**/api/feedback');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(
    page.getByRole('status').filter({ hasText: 'All responses have been submitted successfully!' }),
  ).toBeVisible();
  await expect(sending).toHaveCount(0);
  expect(await storedFeedback(request, unique)).toMatchObject({ stars: 4, feedback: 'Sent while offline' });
});

test('a response the server refuses for good is never reported as submitted', async ({ page, allowProblem }) => {
  // The refusal the test answers with, and the outbox's log of it (refused calls are logged, never retried).
  allowProblem(refusedRequest('/api/feedback', 400));
  allowProblem(/^console error: Outbox: the server refused POST \/feedback \(400\)/);
  await reachFeedback(page);
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 400, json: { error: 'feedback: Too big: expected string to have <=2000 characters' } }),
  );
  await page.locator('label[for="feedback-star-4"]').click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'could not be accepted' })).toContainText(
    'could not be accepted by our server',
  );
  await expect(page.getByText('All responses have been submitted successfully!')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'could not be accepted' })).toContainText(
    'could not be accepted by our server',
  );
});
