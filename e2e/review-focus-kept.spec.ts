import { newSessionKey } from '@assessment/core';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { ADMIN_TOKEN, expect, failedRequest, interruptUntilBack } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  signInHereByKeyboard,
  signInReviewer,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';
import { tabTo } from './support/keyboard.ts';

/**
 * A control that a press disables or removes must not drop the keyboard focus to the page's body:
 * the reviewer goes on from a sensible place, and the next Tab from there. Each test has a server
 * of its own: it counts every candidate, invitation or look of its company.
 */
const EMBERLITH = { companyId: 'emberlith-dao', testId: 'g3awm3tv', roleName: 'Governance Advisor' };

/** Signed in by keyboard, as an admin of Emberlith on the test's own server, at "Your tests". */
async function signInAdmin(page: Page, dataDir: string, path = '/review/', heading = 'Your tests'): Promise<void> {
  await page.goto(path);
  await signInHereByKeyboard(page, addReviewer(EMBERLITH.companyId, 'Kim Keys', 'admin', dataDir));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}

/** The element has the focus, and its ring shows. */
async function expectShownFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
}

/** `count` candidates of Emberlith's test who sent their answers, `${prefix} 01` first when sorted by name. */
async function submitCandidates(request: APIRequestContext, prefix: string, count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    const name = `${prefix} ${String(index).padStart(2, '0')}`;
    await submitAnswers(request, await registerCandidate(request, EMBERLITH.testId, { fullName: name, name }), [
      '<p>a</p>',
      '',
      '',
    ]);
  }
}

test('paging to the last and back to the first page keeps the focus on the button pressed', async ({
  page,
  request,
  ownServer,
}) => {
  await submitCandidates(request, 'Pager', 11);
  await signInAdmin(page, ownServer.dataDir);
  await page.goto(`/review/tests/${EMBERLITH.testId}?sort=name&order=asc&size=10`);
  await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const names = page.getByRole('table', { name: /Candidates/ }).locator('tbody th a');
  await expect(names).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Candidate pages' });
  const previous = pages.getByRole('button', { name: 'Previous page' });
  const next = pages.getByRole('button', { name: 'Next page' });

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Pager 11']);
  await expect(pages).toContainText('Page 2');
  // The last page: the button keeps the focus, and says it does nothing now.
  await expectShownFocus(next);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Page 2');
  await expect(next).toBeFocused();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(pages.getByLabel('Per page')).toBeFocused();

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(previous).toBeFocused();
  await page.keyboard.press('Space');
  await expect(names.first()).toHaveText('Pager 01');
  await expect(pages).toContainText('Page 1');
  await expectShownFocus(previous);
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-disabled', 'false');
});

test('a second "Next page" while the page loads does nothing: the page is asked once, and Previous comes back', async ({
  page,
  request,
  ownServer,
}) => {
  await submitCandidates(request, 'Twice', 11);
  await signInAdmin(page, ownServer.dataDir);
  // The second page is held on its way, as on a slow line, until both presses are made.
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const asked: string[] = [];
  await page.route(new RegExp(`/api/review/tests/${EMBERLITH.testId}/candidates\\?.*cursor=`), async (route) => {
    asked.push(route.request().url());
    await arrived;
    await route.continue();
  });
  await page.goto(`/review/tests/${EMBERLITH.testId}?sort=name&order=asc&size=10`);
  await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const names = page.getByRole('table', { name: /Candidates/ }).locator('tbody th a');
  await expect(names).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Candidate pages' });
  const previous = pages.getByRole('button', { name: 'Previous page' });
  const next = pages.getByRole('button', { name: 'Next page' });

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect.poll(() => asked.length).toBe(1);
  await page.keyboard.press('Enter');
  await expect(pages.getByRole('status')).toHaveText('Page 1, loading page 2…');
  // On its way, the page after it is not known yet: the button keeps the focus, and says it does nothing now.
  await expectShownFocus(next);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  arrive();
  await expect(names).toHaveText(['Twice 11']);
  await expect(pages).toContainText('Page 2');
  expect(asked).toHaveLength(1);
  await expectShownFocus(next);

  await tabTo(page, previous, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(names.first()).toHaveText('Twice 01');
  await expect(pages).toContainText('Page 1');
  await expectShownFocus(previous);
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
});

test('the page number is that of the rows shown: "Page 1, loading page 2…" while page 2 is on its way, "Page 2" once its rows come', async ({
  page,
  request,
  ownServer,
}) => {
  await submitCandidates(request, 'Held', 11);
  await signInAdmin(page, ownServer.dataDir);
  // The second page is held on its way, as on a slow line, until the test has looked.
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(new RegExp(`/api/review/tests/${EMBERLITH.testId}/candidates\\?.*cursor=`), async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(`/review/tests/${EMBERLITH.testId}?sort=name&order=asc&size=10`);
  await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const list = page.getByRole('region', { name: 'Candidates', exact: true });
  const table = list.getByRole('table', { name: /Candidates/ });
  const names = table.locator('tbody th a');
  await expect(names).toHaveCount(10);
  const pages = list.getByRole('navigation', { name: 'Candidate pages' });
  const status = pages.getByRole('status');
  const next = pages.getByRole('button', { name: 'Next page' });
  await expect(pages).toContainText('Page 1');

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  // Page 1's rows are still there, and so is their number, with the page on its way beside it.
  await expect(pages).toContainText('Page 1, loading page 2…');
  await expect(status).toHaveText('Page 1, loading page 2…');
  await expect(status).toBeVisible();
  await expect(names).toHaveCount(10);
  await expect(names.first()).toHaveText('Held 01');
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(next).toHaveAttribute('aria-busy', 'true');
  // Said as it changes: a screen reader may hold back what changes inside a busy region.
  expect(await status.evaluate((element) => element.closest('[aria-busy="true"]') === null)).toBe(true);
  await expectShownFocus(next);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  arrive();
  await expect(names).toHaveText(['Held 11']);
  await expect(status).toHaveText('Page 2');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expectShownFocus(next);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('"Try again" keeps the focus while the candidates cannot load, and hands it to their heading once they do', async ({
  page,
  request,
  ownServer,
  allowProblem,
}) => {
  allowProblem(failedRequest(`/api/review/tests/${EMBERLITH.testId}/candidates`, 'net::ERR_CONNECTION_REFUSED'));
  await submitCandidates(request, 'Retry', 1);
  await signInAdmin(page, ownServer.dataDir);
  let refused = 0;
  const back = await interruptUntilBack(
    page,
    new RegExp(`/api/review/tests/${EMBERLITH.testId}/candidates\\?`),
    (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    },
  );
  await page.goto(`/review/tests/${EMBERLITH.testId}`);
  await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const list = page.getByRole('region', { name: 'Candidates', exact: true });
  await expect(list.getByRole('alert')).toContainText('The server could not be reached.');
  const tryAgain = list.getByRole('button', { name: 'Try again' });

  await tabTo(page, tryAgain, 'Tab', 80);
  const refusedBefore = refused;
  await page.keyboard.press('Enter');
  await expect.poll(() => refused).toBe(refusedBefore + 1);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expectShownFocus(tryAgain);
  // The problem's words are the same: the alert says that it was tried, so a retry is never silent.
  await expect(list.getByRole('alert')).toContainText(/Tried again at \d\d:\d\d:\d\d\./);
  await page.keyboard.press('Enter');
  await expect.poll(() => refused).toBe(refusedBefore + 2);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('alert')).toContainText(/Tried again 2 times, last at \d\d:\d\d:\d\d\./);
  await expectShownFocus(tryAgain);

  back();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('link', { name: 'Retry 01' })).toBeVisible();
  await expect(list.getByRole('alert')).toHaveCount(0);
  // Where the list now is, and the reviewer goes on from there: not from the top of the page.
  await expectShownFocus(list.getByRole('heading', { level: 2, name: 'Candidates' }));
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(list.getByRole('searchbox', { name: 'Search by name or email' })).toBeFocused();
});

test('"Try again" that brings the list of tests hands the focus to the heading of their view', async ({
  page,
  ownServer,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/review/tests', 'net::ERR_CONNECTION_REFUSED'));
  await signInAdmin(page, ownServer.dataDir);
  const back = await interruptUntilBack(page, /\/api\/review\/tests$/, (route) => route.abort('connectionrefused'));
  await page.reload();
  const heading = page.getByRole('heading', { level: 1, name: 'Your tests' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('The server could not be reached.');

  back();
  await tabTo(page, page.getByRole('button', { name: 'Try again' }));
  await page.keyboard.press('Enter');
  const tests = page.getByRole('table', { name: "Your company's tests" });
  await expect(tests.getByRole('link', { name: EMBERLITH.roleName })).toBeVisible();
  await expectShownFocus(heading);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // On from the heading: the Insights of all the tests, then the list.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', { name: 'Insights' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tests.getByRole('link').first()).toBeFocused();
});

test('a candidate who cannot be loaded still has a view that names itself, and "Try again" brings them', async ({
  page,
  request,
  ownServer,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/review/candidates/', 'net::ERR_CONNECTION_REFUSED'));
  await submitCandidates(request, 'Named', 1);
  await signInAdmin(page, ownServer.dataDir);
  await page.goto(`/review/tests/${EMBERLITH.testId}`);
  const link = page.getByRole('region', { name: 'Candidates', exact: true }).getByRole('link', { name: 'Named 01' });
  await expect(link).toBeVisible();
  const back = await interruptUntilBack(page, /\/api\/review\/candidates\/[^/?]+$/, (route) =>
    route.abort('connectionrefused'),
  );
  await link.focus();
  await page.keyboard.press('Enter');

  // Where the link led: the view's heading has the focus and names the tab, above the problem.
  const heading = page.getByRole('heading', { level: 1, name: 'Candidate' });
  await expectShownFocus(heading);
  await expect(page).toHaveTitle('Candidate · Review');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('The server could not be reached.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  back();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectShownFocus(page.getByRole('heading', { level: 1, name: 'Named 01' }));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a test that cannot be loaded still has a view that names itself, and "Try again" brings it', async ({
  page,
  ownServer,
  allowProblem,
}) => {
  allowProblem(failedRequest('/api/review/tests', 'net::ERR_CONNECTION_REFUSED'));
  await signInAdmin(page, ownServer.dataDir);
  const back = await interruptUntilBack(page, /\/api\/review\/tests$/, (route) => route.abort('connectionrefused'));
  await page.goto(`/review/tests/${EMBERLITH.testId}`);

  const heading = page.getByRole('heading', { level: 1, name: 'Test' });
  await expectShownFocus(heading);
  await expect(page).toHaveTitle('Test · Review');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('The server could not be reached.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  back();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectShownFocus(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName }));
});

/** `count` invitations to Emberlith's test, made with the operator's key, "Invitee 01" the oldest. */
async function makeInvitations(request: APIRequestContext, count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    const number = String(index).padStart(2, '0');
    const response = await request.post(`/api/admin/tests/${EMBERLITH.testId}/invitations`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      data: {
        email: `invitee-${number}@candidate.example`,
        name: `Invitee ${number}`,
        expiresAt: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
        extraTimePercent: 0,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test('"Show more invitations" hands the focus to the first invitation it brought, also once it goes', async ({
  page,
  request,
  ownServer,
}) => {
  // Fifty cards and more to Tab past, and to check with Axe.
  test.setTimeout(120_000);
  // Pages of 25: two presses, the second bringing the last one.
  await makeInvitations(request, 51);
  await signInAdmin(page, ownServer.dataDir);
  await page.goto(`/review/tests/${EMBERLITH.testId}/invitations`);
  await expect(page.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(25);
  const showMore = page.getByRole('button', { name: 'Show more invitations' });

  await tabTo(page, showMore, 'Tab', 160);
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(50);
  const first = page.getByRole('article', { name: /^Invitee 26\b/ }).getByRole('heading');
  await expectShownFocus(first);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Personal link for invitee-26@candidate.example')).toBeFocused();

  await tabTo(page, showMore, 'Tab', 160);
  await page.keyboard.press('Space');
  await expect(cards).toHaveCount(51);
  await expect(showMore).toHaveCount(0);
  const last = page.getByRole('article', { name: /^Invitee 01\b/ }).getByRole('heading');
  await expectShownFocus(last);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Personal link for invitee-01@candidate.example')).toBeFocused();
});

test('"Show older entries" hands the focus to the first older entry once the button goes', async ({
  page,
  request,
  ownServer,
}) => {
  // A hundred rows and more to Tab past, and to check with Axe.
  test.setTimeout(120_000);
  const candidate = await registerCandidate(request, EMBERLITH.testId, { fullName: 'Lou Looked', name: 'Lou Looked' });
  await submitAnswers(request, candidate, ['<p>a</p>', '', '']);
  // Every opening is a look on record: pages of 100, so the 101st is the one older entry.
  await signInReviewer(request, EMBERLITH.companyId, ownServer.dataDir);
  for (let look = 0; look < 101; look += 1) {
    const opened = await request.get(`/api/review/candidates/${candidate.sessionId}`);
    expect(opened.status(), await opened.text()).toBe(200);
  }
  await signInAdmin(page, ownServer.dataDir, '/review/settings/access-log', 'Access log');
  const log = page.getByRole('region', { name: 'Who has looked at candidates' });
  const rows = log.locator('tbody tr');
  await expect(rows).toHaveCount(100);
  const showOlder = log.getByRole('button', { name: 'Show older entries' });

  await tabTo(page, showOlder, 'Tab', 200);
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(101);
  await expect(showOlder).toHaveCount(0);
  await expectShownFocus(rows.nth(100));
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(rows.nth(100).getByRole('link', { name: 'Lou Looked' })).toBeFocused();
});

test('"Remove endpoint" hands the focus to the line that says the endpoint is removed', async ({ page, ownServer }) => {
  await signInAdmin(page, ownServer.dataDir, '/review/settings/emails', 'Emails and webhooks');
  const panel = page.getByRole('region', { name: 'Webhook', exact: true });
  await tabTo(page, panel.getByLabel('Endpoint address (https)'), 'Tab', 80);
  await page.keyboard.type(`https://ats.emberlith.example/hooks/${newSessionKey()}`);
  await page.keyboard.press('Enter');
  const status = panel.getByRole('status').last();
  await expect(status).toHaveText('Saved. Copy the signing secret now: it is not shown again.');

  const remove = panel.getByRole('button', { name: 'Remove endpoint' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(status).toHaveText('Removed: no more events are sent.');
  await expectShownFocus(status);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // The focus stays where the panel is, not back at the top of the page: the control before the line is next.
  await page.keyboard.press('Shift+Tab');
  await expect(panel.getByRole('button', { name: 'Save endpoint' })).toBeFocused();
});

test('a page opened from a shared address claims no page number, and its way back goes to the first page', async ({
  page,
  request,
  ownServer,
}) => {
  await submitCandidates(request, 'Sharer', 11);
  await signInAdmin(page, ownServer.dataDir);
  await page.goto(`/review/tests/${EMBERLITH.testId}?sort=name&order=asc&size=10`);
  const pages = page.getByRole('navigation', { name: 'Candidate pages' });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByRole('status')).toHaveText('Page 2');

  // The address of page 2, opened in another tab as a colleague opens a link: no pages walked before it.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByRole('heading', { level: 1, name: EMBERLITH.roleName })).toBeFocused();
  const names = shared.getByRole('table', { name: /Candidates/ }).locator('tbody th a');
  await expect(names).toHaveText(['Sharer 11']);
  const sharedPages = shared.getByRole('navigation', { name: 'Candidate pages' });
  await expect(sharedPages.getByRole('status')).toHaveText('A page after the first');
  await expect(sharedPages.getByRole('button', { name: 'Previous page' })).toHaveCount(0);
  const toFirst = sharedPages.getByRole('button', { name: 'First page' });
  expect(await seriousAccessibilityViolations(shared)).toEqual([]);

  await tabTo(shared, toFirst);
  await shared.keyboard.press('Enter');
  await expect(names.first()).toHaveText('Sharer 01');
  await expect(sharedPages.getByRole('status')).toHaveText('Page 1');
  // The same button, now at the first page: it keeps the focus, and says it does nothing now.
  const previous = sharedPages.getByRole('button', { name: 'Previous page' });
  await expectShownFocus(previous);
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
});
