import { type APIRequestContext, test as base, expect, type Page, type Request, type Route } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './support/admin-token.ts';
import { keepConsole, reportFailure } from './support/failure-report.ts';
import { noteFrameStall, refuseRetryWithoutFrameStall } from './support/frame-stall.ts';

export const ADMIN_TOKEN = E2E_ADMIN_TOKEN;
/** A plain 20-minute test, the one with a required gender, one with a padded id, and an expired id. */
export const SAMPLE_ID = 'thd0wtfl';
export const GENDER_REQUIRED_ID = 'fpuw23yd';
export const PADDED_ID = 'bxt1etsh';
export const EXPIRED_ID = 'kth169dx';

/**
 * Chromium reports a refused script, style, eval or connection as a `securitypolicyviolation`
 * event; an eval refused inside a try/catch (a library probing for it) reaches the DevTools Issues
 * panel but not the console. The page turns every such event into a console error the fixture sees.
 */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI}`);
  });
}

/**
 * Watches `page` for what would go unnoticed by a click-through: any console error (a 404 is one),
 * any request that fails or answers 4xx/5xx, a Content-Security-Policy refusal, or an uncaught
 * error, each given to `record`.
 */
async function watch(page: Page, record: (problem: string) => void): Promise<() => void> {
  await page.addInitScript(reportPolicyViolations);
  page.on('pageerror', (error) => record(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    record(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  // Four cancellations are not failures, and only these four. A request of the page the test
  // navigates away from (goto, reload), started before the next page has taken over, is
  // cancelled with its page; the outbox keeps what it was sending and sends it from the next.
  // A read the page itself drops when it moves to another of its own routes (the review page's
  // `useResource` aborts the loads of a screen that closes): Chromium may report the cancellation
  // before the route change, so it is judged when the test ends, by whether the page's address
  // changed after the read began. A body the page chose not to read after a good answer (the
  // outbox cancels the body of an acknowledgement) is reported as aborted although the server
  // answered. And a read of the page's own `blob:` data that the page stops: the take's player is
  // emptied before its address is revoked (remote-video/src/recording/hooks/useVideoBlob.ts). A
  // read of a revoked address fails otherwise (`ERR_FILE_NOT_FOUND`), and that is still reported.
  const inFlight = new Set<Request>();
  const leftBehind = new WeakSet<Request>();
  let leaving = false;
  let addressChanges = 0;
  const addressChangesBefore = new WeakMap<Request, number>();
  const droppedReads: Request[] = [];
  page.on('request', (request) => {
    addressChangesBefore.set(request, addressChanges);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      for (const pending of inFlight) leftBehind.add(pending);
      leaving = true;
    } else if (leaving) {
      leftBehind.add(request);
    }
    inFlight.add(request);
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    leaving = false;
    addressChanges += 1;
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', async (request) => {
    inFlight.delete(request);
    const reason = request.failure()?.errorText ?? '';
    if (reason === 'net::ERR_ABORTED') {
      if (leftBehind.has(request) || request.url().startsWith('blob:')) return;
      // The page may close while this is asked (the test has ended): no answer, then.
      const answer = await request.response().catch(() => null);
      if (answer && answer.status() < 400) return;
      if (request.resourceType() === 'fetch') {
        droppedReads.push(request);
        return;
      }
    }
    record(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      record(`response ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return () => {
    for (const request of droppedReads.splice(0)) {
      if (addressChanges > (addressChangesBefore.get(request) ?? addressChanges)) continue;
      record(`request failed: ${request.method()} ${request.url()} net::ERR_ABORTED`);
    }
  };
}

/**
 * Every page records what would go unnoticed by a click-through (see `watch`): any such problem
 * fails the test that caused it. A test that provokes one on purpose (a server made to fail, a
 * camera refused) says so with `allowProblem`, for that test only. A test that opens pages of its
 * own (another browser) has them watched the same way with `watchPage`.
 */
export const test = base.extend<{
  page: Page;
  problems: string[];
  watchedPages: Page[];
  /** What each watched page can only judge once the test is over (see `watch`). */
  endOfTestJudgements: (() => void)[];
  onlyFrameStallsAreRetried: undefined;
  allowedProblems: RegExp[];
  /** Allows one problem this test provokes on purpose; give the narrowest pattern that matches it. */
  allowProblem: (pattern: RegExp) => void;
  /** Watches another page of this test as `page` is watched. */
  watchPage: (page: Page) => Promise<void>;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  problems: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  allowedProblems: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  watchedPages: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  endOfTestJudgements: async ({}, use) => {
    await use([]);
  },
  onlyFrameStallsAreRetried: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      refuseRetryWithoutFrameStall(testInfo);
      await use(undefined);
    },
    { auto: true },
  ],
  allowProblem: async ({ allowedProblems }, use) => {
    await use((pattern) => {
      allowedProblems.push(pattern);
    });
  },
  watchPage: async ({ problems, allowedProblems, watchedPages, endOfTestJudgements }, use) => {
    await use(async (page) => {
      watchedPages.push(page);
      keepConsole(page);
      const judge = await watch(page, (problem) => {
        if (!allowedProblems.some((pattern) => pattern.test(problem))) problems.push(problem);
      });
      endOfTestJudgements.push(judge);
    });
  },
  page: async ({ page, problems, watchPage, watchedPages, endOfTestJudgements }, use, testInfo) => {
    await watchPage(page);
    await use(page);
    await reportFailure(testInfo, watchedPages);
    await noteFrameStall(testInfo, watchedPages);
    for (const judge of endOfTestJudgements) judge();
    expect(problems, 'no console error, failed request, CSP refusal or uncaught error').toEqual([]);
  },
});

export { expect };

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Has `handle` take the page's requests to `url` (a proxy failing or holding them) until the
 * returned function is called; after that they go through untouched. The route stays in place:
 * removing it (`page.unroute`) switches Chromium's request interception off, and a request in
 * flight at that moment may reach `requestfailed` without its answer. The outbox's
 * acknowledgements, whose bodies it cancels, then read as failures (see `watch`).
 */
export async function interruptUntilBack(
  page: Page,
  url: RegExp,
  handle: (route: Route) => Promise<void> | void,
): Promise<() => void> {
  let away = true;
  await page.route(url, (route) => (away ? handle(route) : route.continue()));
  return () => {
    away = false;
  };
}

/**
 * A request to `path` that the test makes fail with `error` (`net::ERR_CONNECTION_REFUSED`): the
 * failure, and the console line Chromium logs for it.
 */
export function failedRequest(path: string, error: string): RegExp {
  const [where, what] = [literally(path), literally(error)];
  return new RegExp(
    `^request failed: \\w+ \\S*${where}\\S* ${what}$|^console error: Failed to load resource: ${what} \\(\\S*${where}`,
  );
}

/** A request to `path` that the test has the server (or a route) refuse with `status`, and Chromium's console line. */
export function refusedRequest(path: string, status: number): RegExp {
  const where = literally(path);
  return new RegExp(
    `^response ${status}: \\w+ \\S*${where}|^console error: Failed to load resource: the server responded with a status of ${status} .*\\(\\S*${where}`,
  );
}

export interface CandidateForm {
  email?: string;
  fullName?: string;
  workExperience?: string;
  social?: string;
  gender?: string;
  declaration?: boolean;
}

export const ADA: Required<CandidateForm> = {
  email: 'ada@lovelace.example',
  fullName: 'Ada Lovelace',
  workExperience: '4-6 Years',
  social: 'https://social.example/ada',
  gender: '',
  declaration: true,
};

export async function fillConfirmationForm(page: Page, form: CandidateForm): Promise<void> {
  if (form.email !== undefined) {
    const email = page.getByLabel('Email');
    // A personal link fills in the address it was sent to, and it cannot be changed.
    if (await email.isEditable()) await email.fill(form.email);
    else await expect(email).toHaveValue(form.email);
  }
  if (form.fullName !== undefined) await page.getByLabel('Full Name').fill(form.fullName);
  if (form.workExperience !== undefined) await page.getByLabel('Work Experience').selectOption(form.workExperience);
  if (form.social !== undefined) await page.getByLabel('Social Link').fill(form.social);
  if (form.gender) await page.getByLabel(/^Gender/).selectOption(form.gender);
  if (form.declaration) await page.getByLabel(/I agree not to copy code/).check();
}

/** Registers as a candidate through the real landing page and waits for the quiz route. */
export async function agreeAndStart(page: Page, inviteId = SAMPLE_ID, form: CandidateForm = ADA): Promise<void> {
  await page.goto(`/invite/${inviteId}`);
  await fillConfirmationForm(page, form);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`/invite/${inviteId}/quiz`);
}

export async function localStorageKeys(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
}

// biome-ignore lint/suspicious/noExplicitAny: the admin read-out is checked field by field in each test.
export type AdminSession = Record<string, any>;

/** The hiring company's view of every session, through the real admin API, page after page. */
export async function adminSessions(request: APIRequestContext): Promise<AdminSession[]> {
  const sessions: AdminSession[] = [];
  let cursor: string | null = null;
  do {
    const query = cursor ? `?limit=200&cursor=${encodeURIComponent(cursor)}` : '?limit=200';
    const response = await request.get(`/api/admin/sessions${query}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { sessions: AdminSession[]; next: string | null };
    sessions.push(...page.sessions);
    cursor = page.next;
  } while (cursor);
  return sessions;
}

/** One session as the hiring company reads it, or undefined while the server has none. */
export async function adminSession(request: APIRequestContext, unique: string): Promise<AdminSession | undefined> {
  const response = await request.get(`/api/admin/sessions/${encodeURIComponent(unique)}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (response.status() === 404) return undefined;
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminSession;
}

/** The session id (`unique`) in this page's storage; fails when the candidate has none. */
export async function sessionId(page: Page): Promise<string> {
  const unique = await page.evaluate(() => localStorage.getItem('unique'));
  if (!unique) throw new Error('the candidate has no session id');
  return unique;
}

/** The admin view of this page's session (by the `unique` in its storage), once the server has it. */
export async function sessionOfPage(page: Page, request: APIRequestContext): Promise<AdminSession | undefined> {
  const unique = await page.evaluate(() => localStorage.getItem('unique'));
  return unique ? adminSession(request, unique) : undefined;
}
