import type { FinalReason } from '@assessment/core';
import { type InvitationRow, toInvitation } from './review-rows.ts';
import {
  SessionConflictError,
  SessionKeyError,
  type SessionPage,
  type SessionRecord,
  type SessionRef,
  type StoredVideo,
} from './session-store.ts';

/**
 * The rows both stores read for one session, with the columns named as both schemas name them,
 * and how they become a `SessionRecord`. Payloads a candidate sent are JSON text in both databases.
 * A flag is 0 or 1 in SQLite, which has no boolean type, and a boolean in PostgreSQL.
 */

type Flag = number | boolean;

export interface SessionRow {
  session_id: string;
  test_id: string;
  started_at: number;
}

export interface PayloadRow {
  payload: string;
  received_at: number;
}

export interface UpdatedPayloadRow extends PayloadRow {
  updated_at: number;
}

export interface AnswersRow {
  answers: string;
  proctoring: string;
  revision: number;
  saved_at: number;
  received_at: number;
  final: Flag;
  submitted_at: number | null;
  final_reason: FinalReason | null;
}

export interface DeviceCheckRow {
  check_id: string;
  facts: string;
  result: Flag;
  received_at: number;
}

export interface VideoRow {
  upload_id: string;
  recording_id: string | null;
  declared_type: string | null;
  content_type: string | null;
  bytes: number | null;
  duration_seconds: number | null;
  created_at: number;
  completed_at: number | null;
}

export interface VideoSkipRow {
  reason: string;
  received_at: number;
}

/**
 * One session's rows of every table that holds a part of it: a table of at most one row per
 * session, or of several (`deviceChecks`, `videos`, each in the order the record lists them).
 */
export interface SessionParts {
  registration: UpdatedPayloadRow | undefined;
  answers: AnswersRow | undefined;
  quizComplete: PayloadRow | undefined;
  deviceChecks: DeviceCheckRow[];
  videos: VideoRow[];
  videoSkip: VideoSkipRow | undefined;
  feedback: UpdatedPayloadRow | undefined;
  /** The invitation bound to the session (the one it was opened with), if any. */
  invitation: InvitationRow | undefined;
}

/**
 * Where each part of a session is kept: one table per part, with at most one row per session, or
 * several in the order given. Both stores read a session's parts from exactly these.
 */
export const SESSION_PARTS = {
  registration: { table: 'registrations' },
  answers: { table: 'answers' },
  quizComplete: { table: 'quiz_completions' },
  deviceChecks: { table: 'device_checks', orderBy: 'received_at, check_id' },
  videos: { table: 'videos', orderBy: 'created_at, upload_id' },
  videoSkip: { table: 'video_skips' },
  feedback: { table: 'feedback' },
  invitation: { table: 'invitations' },
} as const satisfies Record<keyof SessionParts, { table: string; orderBy?: string }>;

export type SessionPartName = keyof SessionParts;

function toVideo(row: VideoRow): StoredVideo {
  return {
    uploadId: row.upload_id,
    recordingId: row.recording_id,
    declaredType: row.declared_type,
    contentType: row.content_type,
    bytes: row.bytes,
    durationSeconds: row.duration_seconds,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

function updatedPayload(row: UpdatedPayloadRow | undefined) {
  return row ? { payload: JSON.parse(row.payload), receivedAt: row.received_at, updatedAt: row.updated_at } : null;
}

export function toSessionRecord(session: SessionRow, parts: SessionParts): SessionRecord {
  const { answers, quizComplete, videoSkip } = parts;
  return {
    sessionId: session.session_id,
    testId: session.test_id,
    startedAt: session.started_at,
    invitation: parts.invitation ? toInvitation(parts.invitation) : null,
    registration: updatedPayload(parts.registration),
    answers: answers
      ? {
          answers: JSON.parse(answers.answers),
          proctoring: JSON.parse(answers.proctoring),
          revision: answers.revision,
          savedAt: answers.saved_at,
          receivedAt: answers.received_at,
          final: Boolean(answers.final),
          submittedAt: answers.submitted_at,
          finalReason: answers.final_reason,
        }
      : null,
    quizComplete: quizComplete
      ? { payload: JSON.parse(quizComplete.payload), receivedAt: quizComplete.received_at }
      : null,
    deviceChecks: parts.deviceChecks.map((check) => ({
      checkId: check.check_id,
      facts: JSON.parse(check.facts),
      result: Boolean(check.result),
      receivedAt: check.received_at,
    })),
    videos: parts.videos.map(toVideo),
    videoSkip: videoSkip ? { reason: videoSkip.reason, receivedAt: videoSkip.received_at } : null,
    feedback: updatedPayload(parts.feedback),
  };
}

/**
 * A page of the admin list from up to `limit + 1` rows in start order: the extra row only tells
 * that there is a next page, which starts after the last row shown.
 */
export function toPage<Row extends SessionRow>(
  rows: Row[],
  limit: number,
  toRecord: (row: Row) => SessionRecord,
): SessionPage {
  const sessions = rows.slice(0, limit).map(toRecord);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? { sessions, next: { startedAt: last.started_at, sessionId: last.session_id } } : { sessions };
}

/** What a registration needs to know of a session that exists already. */
export interface OpenedSessionRow {
  test_id: string;
  key_hash: string | null;
  invitation_id: string | null;
}

/**
 * A registration of a session that exists must carry its test, its invitation (or none, as it
 * had) and its key; both stores check this before they bind an invitation or store anything.
 */
export function checkEntry(existing: OpenedSessionRow, ref: SessionRef, keyHash: string, invitationId: string | null) {
  if (existing.test_id !== ref.testId || existing.invitation_id !== invitationId) {
    throw new SessionConflictError(ref.sessionId);
  }
  if (existing.key_hash !== keyHash) throw new SessionKeyError(ref.sessionId);
}
