import type {
  deviceCheckFactsSchema,
  FinalReason,
  feedbackSchema,
  proctoringSchema,
  quizCompleteSchema,
} from '@assessment/core';
import type { z } from 'zod';
import type { Gender, StoredRegistration } from '../../privacy/demographics.ts';
import type { Storage } from '../db/storage.ts';
import type { StoredInvitation } from '../invitations/invitation-store.ts';
import type { SectionTrouble } from '../section-troubles/section-trouble-store.ts';
import type { StoredVideo } from '../uploads/upload-store.ts';
import type { KeyStanding, KnownSessions, OpenedSession } from './known-sessions.ts';
import { getSession, keyStandingReader, listSessions, type QuizClock, quizClockReader } from './session-reads.ts';

/**
 * What a candidate sends, and the session it makes up, on either database. Every method is async,
 * and a write resolves only once it is durable: a 2xx built on it means the data is on disk.
 *
 * Only a registration opens a session, and it binds the session to the hash of the key the
 * candidate's browser made (the key itself is never stored). Every other write names a session
 * that must exist and belong to its test; the caller has checked the key before. A refused write
 * changes nothing. The contract suite (`api/test/store-contract/`) runs the same tests on both.
 */

export type QuizComplete = z.output<typeof quizCompleteSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
export type Proctoring = z.output<typeof proctoringSchema>;
export type DeviceCheckFacts = z.output<typeof deviceCheckFactsSchema>;
export type { Gender, StoredRegistration } from '../../privacy/demographics.ts';
export type { KeyStanding, OpenedSession } from './known-sessions.ts';

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

export interface StoredAnswers {
  answers: [string, string, string];
  proctoring: Proctoring;
  revision: number;
  savedAt: number;
  receivedAt: number;
  final: boolean;
  /** When the first final submit arrived. */
  submittedAt: number | null;
  /** Why the answers became final. */
  finalReason: FinalReason | null;
}

export interface SessionRecord {
  sessionId: string;
  testId: string;
  /** When the server first heard of this session. */
  startedAt: number;
  /** When the candidate started the quiz's clock, by the server's; null before. */
  quizStartedAt: number | null;
  /** The release a preview link opened this session to: a section team's look, never a candidate (no list or count holds it). */
  previewReleaseId: string | null;
  /** The version of each section's release the session was given when it was opened; empty for one from before that was kept. */
  sectionVersions: { section: string; version: string }[];
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
  /** What sections with a record of their own kept (`SectionRecordStore`), by section id. */
  sectionRecords: { sectionId: string; record: unknown; receivedAt: number; updatedAt: number }[];
  /** Sections that failed in front of the candidate (`SectionTroubleStore`), in the order they failed. */
  sectionTroubles: SectionTrouble[];
}

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

export interface SessionStore {
  /**
   * Opens the session bound to `keyHash`, or, with the same key, replaces the details but never
   * the start time. `SessionKeyError` when the session has another key or the key another session.
   *
   * With `invitationId`, the session is (or already was) opened with that invitation, and binds the
   * invitation to it in one statement that only succeeds while the invitation is unbound or bound to
   * this session: of two browsers racing on one link, on any instances, one wins and the other gets
   * `InvitationInUseError`. A revoked or expired link binds nothing (`InvitationRevokedError`,
   * `InvitationExpiredError`), unless its session finished already. A session opened with another
   * invitation, or with none, is `SessionConflictError`. Without one, a new session opens only
   * while the test's open link is on (`OpenLinkClosedError`); one that exists goes on. A key whose
   * session was erased opens nothing again (`SessionErasedError`). Refused, nothing is stored.
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
  /**
   * A preview link's registration: opened to `preview.releaseId` with its releases, never counted,
   * with no demographic answer and no webhook (`savePreviewRegistration` in `session-writes.ts`).
   */
  savePreviewRegistration(
    ref: SessionRef,
    keyHash: string,
    registration: StoredRegistration,
    preview: { releaseId: string; sectionReleases: string },
  ): Promise<void>;
  /** The session bound to this key hash, if any. */
  sessionOfKey(keyHash: string): Promise<OpenedSession | undefined>;
  /** The same, or `'erased'` when the session the key opened was erased. */
  keyStanding(keyHash: string): Promise<KeyStanding>;
  /** The first start counts; repeats change nothing. */
  saveQuizStart(ref: SessionRef): Promise<void>;
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
  /** Sessions in the order they started, a page at a time. */
  listSessions(query: SessionQuery): Promise<SessionPage>;
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  quizClock(sessionId: string): Promise<QuizClock | undefined>;
}

/**
 * The session store on a database. A key's session is looked up on every candidate request and
 * never changes once bound, so what was found is remembered (`known-sessions.ts`).
 */
export function createSessionStore({ reads, dialect, write }: Storage, known: KnownSessions): SessionStore {
  const quizClock = quizClockReader({ db: reads, dialect });
  const standingOfKey = keyStandingReader({ db: reads, dialect });
  const keyStanding = async (keyHash: string): Promise<KeyStanding> => {
    const session = known.ofKey(keyHash);
    if (session) return session;
    const standing = await standingOfKey(keyHash);
    return standing === 'erased' ? standing : known.rememberKey(keyHash, standing);
  };
  return {
    async savePreviewRegistration(ref, keyHash, registration, preview) {
      await write('savePreviewRegistration', ref, keyHash, registration, preview);
      known.rememberKey(keyHash, { sessionId: ref.sessionId, testId: ref.testId, invitationId: null });
    },
    async saveRegistration(ref, keyHash, registration, invitationId = null, gender) {
      await write('saveRegistration', ref, keyHash, registration, invitationId, gender);
      // The key's session is bound now, and never rebound: the candidate's next call need not read it.
      known.rememberKey(keyHash, { sessionId: ref.sessionId, testId: ref.testId, invitationId });
    },
    saveQuizStart: (ref) => write('saveQuizStart', ref),
    saveQuizComplete: (ref, notice) => write('saveQuizComplete', ref, notice),
    saveAnswers: (input) => write('saveAnswers', input),
    saveDeviceCheck: (ref, checkId, facts, result) => write('saveDeviceCheck', ref, checkId, facts, result),
    saveVideoSkip: (ref, reason) => write('saveVideoSkip', ref, reason),
    saveFeedback: (ref, feedback) => write('saveFeedback', ref, feedback),
    keyStanding,
    sessionOfKey: async (keyHash) => {
      const standing = await keyStanding(keyHash);
      return standing === 'erased' ? undefined : standing;
    },
    getSession: (sessionId) => getSession(reads, dialect, sessionId),
    quizClock,
    listSessions: (query) => listSessions(reads, dialect, query),
  };
}
