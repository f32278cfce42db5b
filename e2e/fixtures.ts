import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const ADMIN_TOKEN = 'e2e-admin-token';
/** A plain 20-minute test, the one with a required gender, one with a padded id, and an expired id. */
export const SAMPLE_ID = 'thd0wtfl';
export const GENDER_REQUIRED_ID = 'fpuw23yd';
export const PADDED_ID = 'bxt1etsh';
export const EXPIRED_ID = 'kth169dx';

/**
 * Every page records what would go unnoticed by a click-through: a Content-Security-Policy
 * refusal or an uncaught error fails the test that caused it.
 */
export const test = base.extend<{ page: Page; problems: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  problems: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, problems }, use) => {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
    await use(page);
    expect(problems, 'no CSP refusals or uncaught errors').toEqual([]);
  },
});

export { expect };

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
  if (form.email !== undefined) await page.getByLabel('Email').fill(form.email);
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

/** The admin view of this page's session (by the `unique` in its storage), once the server has it. */
export async function sessionOfPage(page: Page, request: APIRequestContext): Promise<AdminSession | undefined> {
  const unique = await page.evaluate(() => localStorage.getItem('unique'));
  return unique ? adminSession(request, unique) : undefined;
}
