import type { InviteParam } from '@assessment/core';

/** Where this browser keeps the sessions it set aside; a key of its own, beside the spec's keys. */
export const EARLIER_SESSIONS_KEY = 'earlierSessions';

/**
 * A session of another invitation link, set aside in this browser when the candidate started a
 * new link here (this browser's storage holds one session at a time, SPEC section 7). Its key lets
 * the link's check prove to the server that this is the browser that started it, and `stored` is
 * what storage held of the session, put back when the candidate continues it.
 */
export interface EarlierSession {
  testId: string;
  invitationToken: string | null;
  sessionId: string;
  sessionKey: string;
  /** Each storage key of the session, as it was (null: the key was absent). */
  stored: Record<string, string | null>;
}

function isStoredValues(value: unknown): value is Record<string, string | null> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => item === null || typeof item === 'string')
  );
}

function isEarlierSession(value: unknown): value is EarlierSession {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.testId === 'string' &&
    (entry.invitationToken === null || typeof entry.invitationToken === 'string') &&
    typeof entry.sessionId === 'string' &&
    typeof entry.sessionKey === 'string' &&
    isStoredValues(entry.stored)
  );
}

/** The sessions set aside, from the stored text; what cannot be read is left out, never thrown. */
export function readEarlierSessions(raw: string | null): EarlierSession[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEarlierSession) : [];
  } catch {
    return [];
  }
}

function isOfLink(entry: EarlierSession, link: InviteParam): boolean {
  return entry.testId === link.testId && entry.invitationToken === link.invitationToken;
}

export function earlierSessionOf(list: readonly EarlierSession[], link: InviteParam): EarlierSession | undefined {
  return list.find((entry) => isOfLink(entry, link));
}

/** The list without the session of `link`. */
export function withoutEarlierSession(list: readonly EarlierSession[], link: InviteParam): EarlierSession[] {
  return list.filter((entry) => !isOfLink(entry, link));
}

/**
 * Sessions kept set aside, the newest: each may hold answers with pictures, and the browser's
 * storage (a few MB for the site) must still hold the session in progress.
 */
export const EARLIER_SESSIONS_KEPT = 3;

/**
 * The list with `entry` in place of any earlier session of the same link (a link has one session),
 * and only the newest `EARLIER_SESSIONS_KEPT`.
 */
export function withEarlierSession(list: readonly EarlierSession[], entry: EarlierSession): EarlierSession[] {
  return [...withoutEarlierSession(list, entry), entry].slice(-EARLIER_SESSIONS_KEPT);
}
