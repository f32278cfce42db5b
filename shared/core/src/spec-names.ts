import type { InviteParam } from './invite/invite-id.ts';

/**
 * The names SPEC.md fixes on the wire (section 8) and in the browser's storage (section 7), with
 * those the sections' own browser records were first stored under, and the one place they meet
 * this code's own. Past this file, in the browser and on the server alike, the session id is
 * `sessionId`, the test id `testId` and a personal link's token `invitationToken`. None of these
 * names may change: a call queued or a record kept by an earlier page must still be understood.
 */

/** The session a call belongs to, in this code's names. */
export interface SessionRef {
  sessionId: string;
  testId: string;
}

/** The same on the wire: the session id is `unique`, the test id `data`. */
export interface WireSessionRef<S = string, T = string> {
  unique: S;
  data: T;
}

/**
 * The wire's session fields, one value per name: the front end's ids, or the schemas
 * (shared/core/src/api/schemas.ts) that check them.
 */
export function wireSessionFields<S, T>(sessionId: S, testId: T): WireSessionRef<S, T> {
  return { unique: sessionId, data: testId };
}

export function wireSessionRef({ sessionId, testId }: SessionRef): WireSessionRef {
  return wireSessionFields(sessionId, testId);
}

/** The inverse of `wireSessionRef`, for the server's routes. */
export function sessionRefOfWire(wire: WireSessionRef): SessionRef {
  return { sessionId: wire.unique, testId: wire.data };
}

/** Whether a field of a call not parsed yet (a pair of tus's Upload-Metadata header) is the wire's session id. */
export function isWireSessionIdField(name: string): boolean {
  return name === 'unique';
}

/** The test id alone, for a call about a link rather than a session (`POST /api/invitation-status`). */
export function wireTestField<T>(testId: T): Pick<WireSessionRef<unknown, T>, 'data'> {
  return { data: testId };
}

/** A personal link's token on the wire (registration and the invitation check): `invitation`. */
export interface WireInvitationToken<V = string> {
  invitation: V;
}

export function wireInvitationField<const V>(invitationToken: V): WireInvitationToken<V> {
  return { invitation: invitationToken };
}

/** An invitation link on the wire: the test id, and the token only for a personal link. */
export type WireInviteLink = Pick<WireSessionRef, 'data'> & Partial<WireInvitationToken>;

export function wireInviteLink({ testId, invitationToken }: InviteParam): WireInviteLink {
  return { ...wireTestField(testId), ...(invitationToken === null ? {} : wireInvitationField(invitationToken)) };
}

/** The link a call names, and the call without the token: the server keeps the token with the invitation only. */
export function inviteLinkOfWire<W extends WireInviteLink>(
  wire: W,
): { link: InviteParam; rest: Omit<W, keyof WireInvitationToken> } {
  const { invitation, ...rest } = wire;
  return { link: { testId: wire.data, invitationToken: invitation ?? null }, rest };
}

/** The API paths of SPEC.md section 8, relative to `{api}`, whose names do not say what they are for. */
export const REGISTRATION_PATH = '/now-assessment';
export const QUIZ_COMPLETE_PATH = '/video-just';

/**
 * localStorage keys of the session fields whose key is not their name (shared/react's session
 * store keeps every other field under its own name). The test id is kept twice; `inviteUUID` is the
 * one read back.
 */
export const SESSION_STORAGE_KEYS = {
  testId: ['inviteUUID', 'testUUID'],
  sessionId: ['unique'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

/**
 * Where remote-feedback keeps the rating and comment being written. Here, not in that remote, because
 * shared/react's session store also sets it aside with the session it belongs to.
 */
export const FEEDBACK_DRAFT_KEY = 'feedbackDraft';

/**
 * What a section keeps of its own in localStorage names its session as the wire does, so an
 * attempt of another session finds nothing (remote-quiz's `quizProgress`, remote-feedback's
 * `feedbackDraft`, read by shared/core/src/sections/quiz-clock.ts).
 */
export function storedSessionTag(sessionId: string): Pick<WireSessionRef, 'unique'> {
  return { unique: sessionId };
}

/** Whether a value read back from storage was tagged (`storedSessionTag`) with this session. */
export function isTaggedWith(stored: unknown, sessionId: string): boolean {
  return typeof stored === 'object' && stored !== null && (stored as { unique?: unknown }).unique === sessionId;
}

/**
 * The session a take kept in the browser's IndexedDB belongs to (remote-video's recording store).
 * Rows keep the names their fields were first stored under, so takes of an earlier page are found.
 */
export interface StoredTakeSession {
  unique: string;
  inviteId: string;
}

/** The key path of the recordings' `by-session` index. */
export const STORED_TAKE_SESSION_ID_PATH = 'unique';

/**
 * remote-video's IndexedDB of takes: finished files in `recordings` (indexed `bySession`), the
 * pieces of a take being recorded in `chunks` (keyed by recording id and number). Named here, as
 * shared/react also drops a session's takes from it when the server erased the session.
 */
export const STORED_TAKES_DB = {
  name: 'assessment-video',
  recordings: 'recordings',
  chunks: 'chunks',
  bySession: 'by-session',
} as const;

export function storedTakeSession({ sessionId, testId }: SessionRef): StoredTakeSession {
  return { unique: sessionId, inviteId: testId };
}

export function sessionRefOfStoredTake(row: StoredTakeSession): SessionRef {
  return { sessionId: row.unique, testId: row.inviteId };
}
