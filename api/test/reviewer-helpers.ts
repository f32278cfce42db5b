import fs from 'node:fs';
import { CSRF_HEADER, type ReviewerRole } from '@assessment/core';
import type { AppOptions } from '../src/app.ts';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import { openSqliteStorage } from '../src/storage/db/sqlite.ts';
import { createReviewerStore } from '../src/storage/reviewers/reviewer-store.ts';
import { storesBeside, type TEST_DATABASES } from './databases.ts';
import { type ApiBody, startServer, tempDataDir } from './helpers.ts';

export const REVIEWER_PASSWORD = 'a long reviewer passphrase';

/** Adds reviewer accounts to the database in `dataDir`, as the CLI does, before a server opens it. */
export async function withReviewers(
  dataDir: string,
  reviewers: { companyId: string; email: string; role?: ReviewerRole }[],
) {
  const storage = await openSqliteStorage(dataDir);
  try {
    for (const reviewer of reviewers) {
      const account = { ...reviewer, name: reviewer.email, password: REVIEWER_PASSWORD };
      await addReviewer(createReviewerStore(storage), account, Date.now());
    }
  } finally {
    await storage.close();
  }
}

export interface ReviewResponse {
  status: number;
  headers: Headers;
  body: ApiBody;
  text: string;
}

/**
 * A reviewer's browser: keeps the cookies it is given (the sign-in's, and the one a right password
 * gets while a code is needed), sends the page's origin, and the CSRF token once it has it.
 */
export class ReviewerBrowser {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  get cookie(): string | undefined {
    return this.cookies.size === 0
      ? undefined
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Puts back cookies kept aside (`name=value; name=value`). */
  set cookie(header: string | undefined) {
    this.cookies.clear();
    for (const pair of header?.split('; ') ?? []) {
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name, value);
    }
  }

  constructor(readonly url: string) {}

  async send(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ReviewResponse> {
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        origin: this.url,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrfToken && method !== 'GET' ? { [CSRF_HEADER]: this.csrfToken } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, text, body: isJson && text ? JSON.parse(text) : {} };
  }

  /** Signs in and reads the CSRF token, as the review page does. */
  async signIn(email: string, password = REVIEWER_PASSWORD): Promise<ReviewResponse> {
    const response = await this.send('POST', '/api/review/sign-in', { email, password });
    if (response.status === 204) {
      const me = await this.send('GET', '/api/review/me');
      this.csrfToken = me.body.csrfToken as string;
    }
    return response;
  }
}

/**
 * A server on one of `TEST_DATABASES` with a data folder of its own, the stores beside it, and
 * these reviewers' accounts (password `REVIEWER_PASSWORD`), and any further `settings` (environment
 * variables); `close` takes all of it away.
 */
export async function reviewServer(
  database: (typeof TEST_DATABASES)[number],
  people: { companyId: string; email: string; name: string; role: ReviewerRole }[],
  options: AppOptions = {},
  settings: Record<string, string> = {},
) {
  const opened = await database.open();
  const dataDir = tempDataDir();
  const env = { ...settings, ...opened.env, DATA_DIR: dataDir };
  const server = await startServer(env, options);
  const beside = await storesBeside(env);
  for (const person of people) {
    await addReviewer(beside.stores.reviewers, { ...person, password: REVIEWER_PASSWORD }, Date.now());
  }
  return {
    server,
    env,
    stores: beside.stores,
    reads: beside.reads,
    async close() {
      await beside.close();
      await server.stop();
      await opened.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
