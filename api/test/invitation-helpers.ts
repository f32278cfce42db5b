import { type CreateInvitationPayload, type InvitationView, SESSION_KEY_HEADER } from '@assessment/core';
import {
  ADMIN_TOKEN,
  type ApiBody,
  CANDIDATE_EMAIL,
  keyOf,
  newSessionId,
  postJson,
  registration,
  testId,
} from './helpers.ts';

/** A server clock the test moves: the app reads it through `buildApp`'s `now`. */
export function testClock(start = Date.now()) {
  let current = start;
  return {
    now: () => current,
    set(at: number) {
      current = at;
    },
    advance(ms: number) {
      current += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A request with the operator's key (ADMIN_TOKEN), JSON in and out. */
export async function asOperator(
  url: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: ApiBody }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A personal invitation made with the operator's key, expiring a week after `now`. */
export async function invite(
  url: string,
  now: number,
  overrides: Partial<CreateInvitationPayload> = {},
  test = testId,
): Promise<InvitationView & { token: string }> {
  const response = await asOperator(url, 'POST', `/api/admin/tests/${test}/invitations`, {
    // The candidate of `registration`: a personal link takes only its own person's email.
    email: CANDIDATE_EMAIL,
    name: 'Ada Lovelace',
    expiresAt: new Date(now + 7 * DAY).toISOString(),
    ...overrides,
  });
  if (response.status !== 201) throw new Error(`invitation answered ${response.status}: ${response.body?.error}`);
  const invitation = response.body as unknown as InvitationView;
  return { ...invitation, token: tokenOf(invitation.link) };
}

export function tokenOf(link: string): string {
  const match = /^\/invite\/[a-z0-9]{8}-([a-z0-9]{26})$/.exec(link);
  if (!match?.[1]) throw new Error(`Not a personal link: ${link}`);
  return match[1];
}

/** Registers a new session (its own "browser", its own key) through a personal link. */
export async function registerWith(url: string, token: string, unique = newSessionId(), test = testId) {
  const response = await postJson(url, '/api/now-assessment', registration(unique, { invitation: token, data: test }));
  return { ...response, unique };
}

/** `POST /api/invitation-status`, from the browser of `unique` (its key), or from one with no key. */
export function invitationStatus(url: string, body: { data?: string; invitation?: string }, unique?: string) {
  return postJson(url, '/api/invitation-status', { data: testId, ...body }, { key: unique ? keyOf(unique) : null });
}

export async function myRecord(url: string, unique: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/my-record`, {
    headers: { [SESSION_KEY_HEADER]: keyOf(unique), 'X-Session-Id': unique, ...headers },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as ApiBody };
}
