import { agreeAndStart, EXPIRED_ID, expect, failedRequest, PADDED_ID, SAMPLE_ID, test } from './fixtures.ts';

test.describe('invite router', () => {
  test('shows the landing page for a known invitation', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}`);
    await expect(page.locator('#step-4')).toBeVisible();
    await expect(page).toHaveTitle('Lumenvault Assessment');
  });

  for (const section of ['quiz', 'vintro', 'iprep']) {
    test(`loads the ${section} section remote under the shell's header`, async ({ page }) => {
      await agreeAndStart(page);
      // Each section guards its own preconditions; this test only proves the route loads its remote.
      if (section === 'iprep') await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
      await page.goto(`/invite/${SAMPLE_ID}/${section}`);
      await expect(page.locator('.assessment-header')).toContainText('Hiring Assessment');
      await expect(page.locator('.assessment-main h1')).toBeVisible();
      await expect(page).toHaveURL(`/invite/${SAMPLE_ID}/${section}`);
    });
  }

  test('a section opened before agreeing sends the candidate to the landing page, and Back does not loop', async ({
    page,
    allowProblem,
  }) => {
    // Back may restore '/' from the back-forward cache, which sends no navigation request, and
    // the browser drops the favicon it was still fetching for the page it leaves (seen once in CI).
    allowProblem(failedRequest('/favicon.svg', 'net::ERR_ABORTED'));
    for (const section of ['quiz', 'vintro', 'iprep']) {
      await page.goto('/');
      await page.goto(`/invite/${SAMPLE_ID}/${section}`);
      await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
      await page.goBack();
      await expect(page).toHaveURL('/');
    }
  });

  test('sends an unknown section back to the landing page', async ({ page }) => {
    await page.goto(`/invite/${SAMPLE_ID}/results`);
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
  });

  test('sends a badly shaped id to /404', async ({ page }) => {
    await page.goto('/invite/NOT-AN-ID');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('unavailable or has moved')).toBeVisible();
    await expect(page.getByText('full invitation link')).toBeVisible();
  });

  test('sends a malformed percent-encoding to /404', async ({ page }) => {
    await page.goto('/invite/abc%E0%A4%A');
    await expect(page).toHaveURL('/404');
  });

  test('sends a well-formed id that is no test to /404, on every screen', async ({ page }) => {
    for (const rest of ['', '/quiz', '/vintro', '/iprep']) {
      await page.goto(`/invite/zzzz9999${rest}`);
      await expect(page).toHaveURL('/404');
    }
  });

  test('sends an expired id to /expired', async ({ page }) => {
    await page.goto(`/invite/${EXPIRED_ID}/quiz`);
    await expect(page).toHaveURL('/expired');
    await expect(page.getByRole('heading', { name: 'Link Expired' })).toBeVisible();
    await expect(page.getByText('no longer valid')).toBeVisible();
    await expect(page.getByText('expired or been revoked by the administrator')).toBeVisible();
    await expect(page.getByText('request a new invitation link')).toBeVisible();
  });

  test('accepts an id with an encoded trailing space and cleans the address', async ({ page }) => {
    await page.goto(`/invite/${PADDED_ID}%20`);
    await expect(page).toHaveURL(`/invite/${PADDED_ID}`);
    await expect(page.locator('#step-1')).toBeVisible();
  });

  test('sends any other address to /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/404');
  });
});

test.describe('enter-your-link page', () => {
  test('refuses an invalid link with the exact message', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Invitation link').fill('https://assess.example/invites/abc');
    await page.getByRole('button', { name: 'Open assessment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid Invite Link!');
  });

  test('opens a valid link', async ({ page, baseURL }) => {
    await page.goto('/');
    await page.getByLabel('Invitation link').fill(`${baseURL}/invite/${SAMPLE_ID}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
  });
});
