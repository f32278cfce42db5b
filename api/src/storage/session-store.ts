import type {
  deviceCheckFactsSchema,
  FinalReason,
  feedbackSchema,
  proctoringSchema,
  quizCompleteSchema,
  registrationSchema,
} from '@assessment/core';
import type { z } from 'zod';
import type { Gender, StoredRegistration } from '../privacy/demographics.ts';
import type { OpenedSession } from './known-sessions.ts';
import {
  InvitationExpiredError,
  InvitationInUseError,
  InvitationRevokedError,
  type InvitationStore,
  ReviewerExistsError,
  type ReviewerStore,
  type StoredInvitation,
} from './review-store.ts';

/**
 * Everything a candidate sends, behind one interface, so the routes work the same on SQLite (the
 * default) and on PostgreSQL (`DATABASE_URL`). Every method is async, and a write resolves only
 * once it is durable: a 2xx built on it means the data is on disk.
 *
 * Only a registration opens a session, and it binds the session to the hash of the key the
 * candidate's browser made (the key itself is never stored). Every other write names a session
 * that must exist and belong to its invitation; the caller has checked the key before.
 * A refused write changes nothing.
 *
 * Two stores implement it, laid out alike, and the contract suite (`api/test/store-contract/`) runs
 * the same tests against both. A new table goes into both, in the same places:
 *
 * 1. a migration appended to `sqlite-migrations.ts` and one to `postgres-migrations.ts` (same
 *    table and column names; PostgreSQL ids `COLLATE "C"`, times `bigint`);
 * 2. its row type, and for a part of a session its entry in `SESSION_PARTS` and its place in
 *    `toSessionRecord` (`session-rows.ts`): both stores then read it with the session;
 * 3. each write as a named statement and a method in `sqlite-writes.ts` and `postgres-writes.ts`,
 *    any other read in `sqlite-reads.ts` and `postgres-reads.ts`, and the method here;
 * 4. its rules (what counts when two writes meet) in SQL on the PostgreSQL side, never in memory,
 *    and in the contract suite, concurrency included.
 */

export type Registration = z.output<typeof registrationSchema>;
export type { Gender, StoredRegistration } from '../privacy/demographics.ts';
export type QuizComplete = z.output<typeof quizCompleteSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
export type Proctoring = z.output<typeof proctoringSchema>;
export type DeviceCheckFacts = z.output<typeof deviceCheckFactsSchema>;
export type { OpenedSession } from './known-sessions.ts';

export interface SessionRef {
  sessionId: string;
  testId: string;
  /** Server clock (ms) when the request arrived. */
  receivedAt: number;
}

export interface AnswersWrite extends SessionRef {
  /** Already sanitized. */
  answers: [string, string, string];
  proctoring: Proctoring;
  revision: number;
  savedAt: number;
  final: boolean;
  /** Kept with the final submit only. */
  finalReason: FinalReason | null;
}

export interface VideoUploadStart extends SessionRef {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
}

export interface VideoUploadFinish {
  uploadId: string;
  bytes: number;
  /** Decided from the file's first bytes. */
  contentType: string;
  /** From the file's header, else as measured by the browser, else unknown. */
  durationSeconds: number | null;
  completedAt: number;
}

export interface StoredAnswers {
  answers: [string, string, string];
  proctoring: Proctoring;
  revision: number;
  savedAt: number;
  receivedAt: number;
  final: boolean;
  /** When the first final submit arrived. */
  submittedAt: number | null;
  /** Why the answers became final, when the browser said. */
  finalReason: FinalReason | null;
}

export interface StoredVideo {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
  contentType: string | null;
  bytes: number | null;
  durationSeconds: number | null;
  createdAt: number;
  completedAt: number | null;
}

export interface SessionRecord {
  sessionId: string;
  testId: string;
  /** When the server first heard of this session: the start the late flag counts from. */
  startedAt: number;
  /** The personal invitation the session was opened with, as it is now; null for the open link. */
  invitation: StoredInvitation | null;
  /** Without the demographic answer, which is kept apart for aggregate counts only. */
  registration: { payload: StoredRegistration; receivedAt: number; updatedAt: number } | null;
  answers: StoredAnswers | null;
  quizComplete: { payload: QuizComplete; receivedAt: number } | null;
  deviceChecks: { checkId: string; facts: DeviceCheckFacts; result: boolean; receivedAt: number }[];
  /** Oldest first. */
  videos: StoredVideo[];
  videoSkip: { reason: string; receivedAt: number } | null;
  feedback: { payload: Feedback; receivedAt: number; updatedAt: number } | null;
}

export class SessionConflictError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" belongs to another invitation`);
    this.name = 'SessionConflictError';
  }
}

/** The session exists under another key (or under none: it began before keys existed). */
export class SessionKeyError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" was started in another browser; this browser's session key is not its key`);
    this.name = 'SessionKeyError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" is not registered`);
    this.name = 'SessionNotFoundError';
  }
}

export class AnswersFinalError extends Error {
  constructor(submittedAt: number) {
    super(`These answers were submitted at ${new Date(submittedAt).toISOString()} and can no longer change`);
    this.name = 'AnswersFinalError';
  }
}

/** The store's refusals by name, so they survive the trip from a worker thread. */
export const STORE_ERRORS = {
  SessionConflictError,
  SessionKeyError,
  SessionNotFoundError,
  AnswersFinalError,
  InvitationRevokedError,
  InvitationExpiredError,
  InvitationInUseError,
  ReviewerExistsError,
} as const;

export interface SessionQuery {
  /** Only this test's sessions. */
  testId?: string;
  /** Started at or after (ms). */
  from?: number;
  /** Started before (ms). */
  to?: number;
  /** The cursor of the page before: sessions after it, in start order. */
  after?: SessionCursor;
  limit: number;
}

export interface SessionCursor {
  startedAt: number;
  sessionId: string;
}

export interface SessionPage {
  sessions: SessionRecord[];
  /** Where the next page starts; absent on the last page. */
  next?: SessionCursor;
}

export interface SessionStore extends InvitationStore, ReviewerStore {
  /**
   * Opens the session bound to `keyHash`, or, with the same key, replaces the details but never
   * the start time. `SessionKeyError` when the session has another key or the key another session.
   *
   * With `invitationId`, the session is (or already was) opened with that invitation, and binds the
   * invitation to it in one statement that only succeeds while the invitation is unbound or bound to
   * this session: of two browsers racing on one link, on any instances, one wins and the other gets
   * `InvitationInUseError`. A revoked or expired link binds nothing (`InvitationRevokedError`,
   * `InvitationExpiredError`), unless its session finished already. A session opened with another
   * invitation, or with none, is `SessionConflictError`. Refused, nothing is stored.
   *
   * `gender` is kept apart from the registration, in a row that only aggregate counts read.
   */
  saveRegistration(
    ref: SessionRef,
    keyHash: string,
    registration: StoredRegistration,
    invitationId?: string | null,
    gender?: Gender,
  ): Promise<void>;
  /** The session bound to this key hash, if any. */
  sessionOfKey(keyHash: string): Promise<OpenedSession | undefined>;
  /** The first notice counts; repeats change nothing. */
  saveQuizComplete(ref: SessionRef, notice: QuizComplete): Promise<void>;
  /**
   * Keeps the highest revision; an older or equal one arriving late changes nothing but the final
   * flag. Once final, a newer revision with other answers is refused with `AnswersFinalError`.
   */
  saveAnswers(write: AnswersWrite): Promise<{ stored: boolean; revision: number }>;
  /** Keyed by check id: a repeat returns the first result. */
  saveDeviceCheck(ref: SessionRef, checkId: string, facts: DeviceCheckFacts, result: boolean): Promise<boolean>;
  saveVideoSkip(ref: SessionRef, reason: string): Promise<void>;
  /** The first feedback of a session opened with an invitation also marks the invitation finished. */
  saveFeedback(ref: SessionRef, feedback: Feedback): Promise<void>;
  startVideoUpload(start: VideoUploadStart): Promise<void>;
  finishVideoUpload(finish: VideoUploadFinish): Promise<void>;
  /** For an upload refused after it began (its content is not a video). */
  forgetVideoUpload(uploadId: string): Promise<void>;
  /** The session an upload belongs to, if there is such an upload. */
  sessionOfVideoUpload(uploadId: string): Promise<string | undefined>;
  /** Sessions in the order they started, a page at a time. */
  listSessions(query: SessionQuery): Promise<SessionPage>;
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  close(): Promise<void>;
}
