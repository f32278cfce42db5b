import {
  ADA,
  adminSessions,
  agreeAndStart,
  expect,
  failedRequest,
  SAMPLE_ID,
  sessionOfPage,
  test,
} from './fixtures.ts';

test('the registration reaches the hiring company with the device-info record', async ({ page, request }) => {
  await agreeAndStart(page, SAMPLE_ID, { ...ADA, email: 'grace@hopper.example', fullName: 'Grace Hopper' });
  await expect.poll(() => sessionOfPage(page, request)).toBeTruthy();
  const session = await sessionOfPage(page, request);
  expect(session?.testId).toBe(SAMPLE_ID);
  expect(session?.registration).toMatchObject({
    name: 'Grace Hopper',
    email: 'grace@hopper.example',
    workExperience: '4-6 Years',
    social: ADA.social,
    data: SAMPLE_ID,
    deviceInfo: {
      os: { name: 'Linux' },
      browser: { name: expect.stringMatching(/^Chrom/) },
      mobile: false,
      screen: '1280 x 720',
    },
  });
  expect(session?.registration.company).toMatch(/^Lumenvault \{/);
});

test('with the API unreachable the registration waits in the outbox, then arrives once', async ({
  page,
  request,
  allowProblem,
}) => {
  // The registration call fails until the test lets it through.
  allowProblem(failedRequest('/api/now-assessment', 'net::ERR_CONNECTION_REFUSED'));
  await page.route('**/api/now-assessment', (route) => route.abort('connectionrefused'));
  const email = `offline-${Date.now()}@candidate.example`;
  await agreeAndStart(page, SAMPLE_ID, { ...ADA, email });
  await expect
    .poll(() => page.evaluate(() => (localStorage.getItem('outbox') ?? '').includes('now-assessment')))
    .toBe(true);
  expect((await adminSessions(request)).filter((s) => s.registration?.email === email)).toHaveLength(0);

  await page.unroute('**/api/now-assessment');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => (await adminSessions(request)).filter((s) => s.registration?.email === email))
    .toHaveLength(1);

  await page.reload();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1000);
  expect((await adminSessions(request)).filter((s) => s.registration?.email === email)).toHaveLength(1);
});
