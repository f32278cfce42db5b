import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

let added = 0;

/**
 * A reviewer of `companyId` added with the built CLI into the e2e server's database (the operator's
 * way), then signed in on `request`, which keeps the sign-in cookie. Returns the CSRF token every
 * change needs.
 */
export async function signInReviewer(request: APIRequestContext, companyId: string): Promise<string> {
  added += 1;
  const email = `reviewer-${process.pid}-${Date.now().toString(36)}-${added}@${companyId}.example`;
  const password = `e2e-password-${process.pid}-${added}-long-enough`;
  const cli = run(process.execPath, ['dist/reviewer-cli.js', 'add', '--company', companyId, '--email', email], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
  cli.child.stdin?.end(`${password}\n`);
  await cli;
  const signIn = await request.post('/api/review/sign-in', { data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(204);
  const me = await request.get('/api/review/me');
  expect(me.status(), await me.text()).toBe(200);
  return ((await me.json()) as { csrfToken: string }).csrfToken;
}

/** The test's open-link setting, changed as a signed-in reviewer of its company does. */
export async function setOpenLinkAllowed(
  request: APIRequestContext,
  csrfToken: string,
  testId: string,
  openLinkAllowed: boolean,
): Promise<void> {
  const response = await request.patch(`/api/review/tests/${testId}`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { openLinkAllowed },
  });
  expect(response.status(), await response.text()).toBe(200);
}
