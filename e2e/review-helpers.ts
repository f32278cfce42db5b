import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AnswersPayload,
  type FeedbackPayload,
  newSessionKey,
  type RegistrationPayload,
  SESSION_KEY_HEADER,
} from '@assessment/core';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_TOKEN, test as base, expect } from './fixtures.ts';
import { type ApiInstance, startApiInstance } from './support/api-instances.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';
import { freePort } from './support/product-server.ts';
import { registrationPayload } from './support/registration.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const reviewerCli = path.join(repoRoot, 'api', 'dist', 'reviewer-cli.js');

/**
 * The product's test, for the review page. Signed out, the page's question of who is signed in is
 * answered 200 (`/api/review/session`), so a signed-out load logs no error: the fixture fails a
 * test on any refusal the page did not expect.
 */
export const test = base;

/** A product server on a data folder of its own, and the folder; it and the folder go once `use` is done. */
export interface OwnServer {
  origin: string;
  dataDir: string;
}

/**
 * The API on a port chosen before it starts, so the links its emails carry (`PUBLIC_URL`) are the
 * page's own. Another process may take the port in the moment between: then it starts again on
 * another.
 */
async function startOnFreePort(
  name: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] | undefined,
): Promise<ApiInstance> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await startApiInstance(name, { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, args);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Starts the API (`args`, the built server by default) on a new data folder for `use`, then stops
 * it and removes the folder, whatever `use` came to.
 */
export async function onOwnServer(
  name: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] | undefined,
  use: (server: OwnServer) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `assessment-${name}-`));
  const server = await startOnFreePort(name, { DATA_DIR: dataDir, ADMIN_TOKEN, ...env }, args);
  try {
    await use({ origin: server.origin, dataDir });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server started on a new data folder, not yet given to a test. */
interface StartedServer {
  server: ApiInstance;
  dataDir: string;
}

function startOwnServer(env: NodeJS.ProcessEnv): Promise<StartedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-own-server-'));
  return startOnFreePort('own-server', { DATA_DIR: dataDir, ADMIN_TOKEN, ...env }, undefined).then(
    (server) => ({ server, dataDir }),
    (error) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
}

async function stopOwnServer(started: StartedServer): Promise<void> {
  await started.server.stop();
  fs.rmSync(started.dataDir, { recursive: true, force: true });
}

/**
 * A worker's next own server, started while the test before it runs: a server takes seconds to
 * start, most of a short test's time, and the tests on one mostly wait on the browser.
 */
interface SpareServer {
  /** A new server with `env`: the one started ahead if it has that `env`, else one started now. */
  take(env: NodeJS.ProcessEnv): Promise<StartedServer>;
  /** Starts the next test's server with `env`, in the background. */
  prepare(env: NodeJS.ProcessEnv): void;
}

/**
 * `test`, on a product server and database of the test's own, new for each test. For a test
 * that changes what its company holds once and for good (its first rubric, blind review, the
 * stage reasons, its settings), or that finds its rows by a name or an email it chose: on the
 * run's shared server, a repeat of the test (`--repeat-each`) or a retry would find what the first
 * attempt left and could not start from the same company.
 */
export const testOnOwnServer = test.extend<
  { ownServer: OwnServer; ownServerEnv: NodeJS.ProcessEnv },
  { spareServer: SpareServer }
>({
  spareServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let spare: { key: string; started: Promise<StartedServer> } | undefined;
      const keyOf = (env: NodeJS.ProcessEnv) => JSON.stringify(Object.entries(env).sort());
      const drop = () => {
        // A spare that failed to start fails the test that takes it, not the one that made it.
        spare?.started.then(stopOwnServer, () => undefined);
        spare = undefined;
      };
      await use({
        take(env) {
          const ready = spare?.key === keyOf(env) ? spare.started : undefined;
          if (ready) spare = undefined;
          else drop();
          return ready ?? startOwnServer(env);
        },
        prepare(env) {
          drop();
          spare = { key: keyOf(env), started: startOwnServer(env) };
          spare.started.catch(() => undefined);
        },
      });
      const last = spare?.started;
      spare = undefined;
      await last?.then(stopOwnServer, () => undefined);
    },
    { scope: 'worker' },
  ],
  /** What a spec sets apart from the run's server (`test.use({ ownServerEnv })`): a limit it tests. */
  ownServerEnv: [{}, { option: true }],
  ownServer: async ({ ownServerEnv, spareServer }, use) => {
    // The limits and the mail server of the run's server (playwright.config.ts): the test meets the
    // server it would there.
    const env = {
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGN_INS_PER_IP_PER_HOUR: '100000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      ...ownServerEnv,
    };
    const started = await spareServer.take(env);
    spareServer.prepare(env);
    try {
      await use({ origin: started.server.origin, dataDir: started.dataDir });
    } finally {
      await stopOwnServer(started);
    }
  },
  baseURL: async ({ ownServer }, use) => use(ownServer.origin),
});

export interface Reviewer {
  email: string;
  password: string;
  name: string;
}

let reviewerNumber = 0;

/**
 * A reviewer account of `companyId`, made with the operator's real command on the database the
 * product server of this run uses (or the one in `dataDir`, a server of the test's own). Each call
 * makes a new account, so tests never share a sign-in. The command runs from the build the server
 * runs (`pnpm --filter api reviewer` would rebuild `api/dist` first, under the feet of the running
 * server and of the other worker's calls).
 */
export function addReviewer(
  companyId: string,
  name = 'Rita Reviewer',
  role: 'admin' | 'reviewer' = 'admin',
  dataDir = process.env.E2E_DATA_DIR,
): Reviewer {
  reviewerNumber += 1;
  const reviewer = {
    email: `rita-${companyId}-${process.pid}-${Date.now().toString(36)}-${reviewerNumber}@${companyId}.example`,
    password: `pass-${newSessionKey()}`,
    name,
  };
  const result = spawnSync(
    process.execPath,
    [reviewerCli, 'add', '--company', companyId, '--email', reviewer.email, '--name', name, '--role', role],
    {
      cwd: repoRoot,
      input: `${reviewer.password}\n`,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  if (result.status !== 0) throw new Error(`reviewer add failed (${result.status}): ${result.stderr}${result.stdout}`);
  return reviewer;
}

/** Signs in on the real page and waits for the company's tests. */
export async function signIn(page: Page, reviewer: Reviewer, path = '/review/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(reviewer.email);
  await page.getByLabel('Password').fill(reviewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Opens the review page and signs in on its form by keyboard alone (`signInHereByKeyboard`). */
export async function signInByKeyboard(page: Page, reviewer: Reviewer): Promise<void> {
  await page.goto('/review/');
  await signInHereByKeyboard(page, reviewer);
}

/**
 * The sign-in form the page shows now, from its focused heading, filled and sent by keyboard
 * alone; the caller checks what follows.
 */
export async function signInHereByKeyboard(page: Page, reviewer: Reviewer): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeFocused();
  await tabToShownFocus(page, page.getByLabel('Email'));
  await type(page, reviewer.email);
  await tabToShownFocus(page, page.getByLabel('Password'));
  await type(page, reviewer.password);
  await press(page, 'Enter');
}

/** Signs out by keyboard, back to the sign-in page. */
export async function signOutByKeyboard(page: Page): Promise<void> {
  await tabToShownFocus(page, page.getByRole('button', { name: 'Sign out' }), 'Shift+Tab');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to review your candidates' })).toBeVisible();
}

/**
 * A new reviewer of `companyId` (`addReviewer`, on the database in `dataDir` if given), signed in
 * on `request` through the API, which keeps the sign-in cookie. Returns the CSRF token every
 * change needs.
 */
export async function signInReviewer(request: APIRequestContext, companyId: string, dataDir?: string): Promise<string> {
  const { email, password } = addReviewer(companyId, undefined, undefined, dataDir);
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

/** A candidate's browser, played through the real candidate API: its session id and key. */
export interface ApiCandidate {
  sessionId: string;
  key: string;
  testId: string;
}

let candidateNumber = 0;

/** A new candidate browser: its own session id and key, nothing sent yet. */
export function newApiCandidate(testId: string): ApiCandidate {
  candidateNumber += 1;
  return {
    sessionId: `e2e-review-${process.pid}-${Date.now().toString(36)}-${candidateNumber}`,
    key: newSessionKey(),
    testId,
  };
}

function post(request: APIRequestContext, candidate: ApiCandidate, route: string, data: object) {
  return request.post(route, { data, headers: { [SESSION_KEY_HEADER]: candidate.key } });
}

/** `POST /api/now-assessment` as the landing page sends it; the answer is the caller's to check. */
export function postRegistration(
  request: APIRequestContext,
  candidate: ApiCandidate,
  overrides: Partial<RegistrationPayload> = {},
) {
  return post(
    request,
    candidate,
    '/api/now-assessment',
    registrationPayload(candidate.sessionId, candidate.testId, overrides),
  );
}

/** Registers a candidate through the real API, as the landing page does. */
export async function registerCandidate(
  request: APIRequestContext,
  testId: string,
  overrides: Partial<RegistrationPayload> = {},
): Promise<ApiCandidate> {
  const candidate = newApiCandidate(testId);
  const response = await postRegistration(request, candidate, overrides);
  expect(response.status(), await response.text()).toBe(200);
  return candidate;
}

/** One question's proctoring record with nothing in it. */
export const noSignals = () => ({ pastes: [], droppedPastes: 0, switches: 0, switchTimes: [], droppedSwitchTimes: 0 });

/** Final answers (as Complete sends them), with the proctoring record given. */
export async function submitAnswers(
  request: APIRequestContext,
  candidate: ApiCandidate,
  answers: [string, string, string],
  proctoring: AnswersPayload['proctoring'] = {
    tabSwitches: 0,
    perQuestion: [noSignals(), noSignals(), noSignals()],
  },
): Promise<void> {
  const payload: AnswersPayload = {
    unique: candidate.sessionId,
    data: candidate.testId,
    answers,
    proctoring,
    revision: Date.now(),
    savedAt: Date.now(),
    final: true,
    finalReason: 'complete',
  };
  const response = await post(request, candidate, '/api/answers', payload);
  expect(response.status(), await response.text()).toBe(200);
}

export async function sendFeedback(
  request: APIRequestContext,
  candidate: ApiCandidate,
  feedback: string,
  currentScore: number,
): Promise<void> {
  const payload: FeedbackPayload = {
    unique: candidate.sessionId,
    data: candidate.testId,
    userName: 'Grace Hopper',
    companyName: 'Company',
    roleName: 'Role',
    feedback,
    currentScore,
  };
  const response = await post(request, candidate, '/api/feedback', payload);
  expect(response.status(), await response.text()).toBe(200);
}
