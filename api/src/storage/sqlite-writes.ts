import type Database from 'better-sqlite3';
import { decideAnswers } from './answers-rules.ts';
import { checkEntry, type OpenedSessionRow } from './session-rows.ts';
import {
  type AnswersWrite,
  type DeviceCheckFacts,
  type Feedback,
  type Gender,
  type QuizComplete,
  SessionConflictError,
  SessionKeyError,
  SessionNotFoundError,
  type SessionRef,
  type StoredRegistration,
  type VideoUploadFinish,
  type VideoUploadStart,
} from './session-store.ts';
import { createReviewWriteOperations, prepareBinding, refuseBinding } from './sqlite-review-writes.ts';

interface AnswersRow {
  answers: string;
  revision: number;
  saved_at: number;
  submitted_at: number | null;
}

function prepareWrites(db: Database.Database) {
  return {
    session: db.prepare<[string], OpenedSessionRow>(
      'SELECT test_id, key_hash, invitation_id FROM sessions WHERE session_id = ?',
    ),
    sessionOfKey: db.prepare<[string], { session_id: string }>('SELECT session_id FROM sessions WHERE key_hash = ?'),
    insertSession: db.prepare(
      'INSERT INTO sessions (session_id, test_id, started_at, key_hash, invitation_id) VALUES (?, ?, ?, ?, ?)',
    ),
    upsertRegistration: db.prepare(`
      INSERT INTO registrations (session_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (session_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`),
    upsertDemographics: db.prepare(`
      INSERT INTO demographics (session_id, test_id, gender) VALUES (?, ?, ?)
      ON CONFLICT (session_id) DO UPDATE SET gender = excluded.gender`),
    markDemographicsFinished: db.prepare('UPDATE demographics SET finished = 1 WHERE session_id = ?'),
    insertQuizComplete: db.prepare(
      'INSERT OR IGNORE INTO quiz_completions (session_id, payload, received_at) VALUES (?, ?, ?)',
    ),
    answers: db.prepare<[string], AnswersRow>(
      'SELECT answers, revision, saved_at, submitted_at FROM answers WHERE session_id = ?',
    ),
    upsertAnswers: db.prepare(`
      INSERT INTO answers
        (session_id, answers, proctoring, revision, saved_at, received_at, final, submitted_at, final_reason)
      VALUES (@sessionId, @answers, @proctoring, @revision, @savedAt, @receivedAt, @final, @submittedAt, @finalReason)
      ON CONFLICT (session_id) DO UPDATE SET
        answers = excluded.answers, proctoring = excluded.proctoring, revision = excluded.revision,
        saved_at = excluded.saved_at, received_at = excluded.received_at, final = excluded.final,
        submitted_at = excluded.submitted_at, final_reason = excluded.final_reason`),
    markSubmitted: db.prepare('UPDATE answers SET final = 1, submitted_at = ?, final_reason = ? WHERE session_id = ?'),
    insertDeviceCheck: db.prepare(
      'INSERT OR IGNORE INTO device_checks (session_id, check_id, facts, result, received_at) VALUES (?, ?, ?, ?, ?)',
    ),
    deviceCheckResult: db.prepare<[string, string], { result: number }>(
      'SELECT result FROM device_checks WHERE session_id = ? AND check_id = ?',
    ),
    upsertVideoSkip: db.prepare(`
      INSERT INTO video_skips (session_id, reason, received_at) VALUES (?, ?, ?)
      ON CONFLICT (session_id) DO UPDATE SET reason = excluded.reason`),
    upsertFeedback: db.prepare(`
      INSERT INTO feedback (session_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (session_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`),
    insertVideo: db.prepare(`
      INSERT OR IGNORE INTO videos (upload_id, session_id, recording_id, declared_type, created_at)
      VALUES (?, ?, ?, ?, ?)`),
    finishVideo: db.prepare(
      'UPDATE videos SET bytes = ?, content_type = ?, duration_seconds = ?, completed_at = ? WHERE upload_id = ?',
    ),
    deleteVideo: db.prepare('DELETE FROM videos WHERE upload_id = ?'),
    markInvitationFinished: db.prepare(
      'UPDATE invitations SET finished_at = ? WHERE session_id = ? AND finished_at IS NULL',
    ),
    ...prepareBinding(db),
  };
}

type Statements = ReturnType<typeof prepareWrites>;

/**
 * A registration opens its session bound to its key and its invitation, or must carry the key
 * and the invitation the session already has (`checkEntry`). The link is bound in between, once
 * the session may take it and before the session's row refers to it, in the order PostgreSQL
 * needs (`postgres-writes.ts`), so both stores refuse alike.
 */
function register(
  statements: Statements,
  ref: SessionRef,
  keyHash: string,
  registration: StoredRegistration,
  invitationId: string | null,
  gender: Gender,
): void {
  const existing = statements.session.get(ref.sessionId);
  if (existing) checkEntry(existing, ref, keyHash, invitationId);
  if (invitationId) {
    const bound = statements.bindInvitation.run({ invitationId, sessionId: ref.sessionId, now: ref.receivedAt });
    if (bound.changes === 0) refuseBinding(statements, invitationId, ref.receivedAt);
  }
  if (!existing) {
    if (statements.sessionOfKey.get(keyHash)) throw new SessionKeyError(ref.sessionId);
    statements.insertSession.run(ref.sessionId, ref.testId, ref.receivedAt, keyHash, invitationId);
  }
  statements.upsertRegistration.run(ref.sessionId, JSON.stringify(registration), ref.receivedAt, ref.receivedAt);
  statements.upsertDemographics.run(ref.sessionId, ref.testId, gender);
}

/** Every other write needs a registered session of the same invitation. */
function requireSession(statements: Statements, ref: SessionRef): void {
  const existing = statements.session.get(ref.sessionId);
  if (!existing) throw new SessionNotFoundError(ref.sessionId);
  if (existing.test_id !== ref.testId) throw new SessionConflictError(ref.sessionId);
}

function saveAnswers(statements: Statements, input: AnswersWrite): { stored: boolean; revision: number } {
  requireSession(statements, input);
  const row = statements.answers.get(input.sessionId);
  const held = row && {
    answers: row.answers,
    revision: row.revision,
    savedAt: row.saved_at,
    submittedAt: row.submitted_at,
  };
  const answersJson = JSON.stringify(input.answers);
  const decision = decideAnswers(held, input, answersJson);
  if (decision.write === 'store') {
    statements.upsertAnswers.run({
      sessionId: input.sessionId,
      answers: answersJson,
      proctoring: JSON.stringify(input.proctoring),
      revision: input.revision,
      savedAt: input.savedAt,
      receivedAt: input.receivedAt,
      final: input.final ? 1 : 0,
      submittedAt: decision.submittedAt,
      finalReason: input.final ? input.finalReason : null,
    });
  }
  if (decision.write === 'mark-submitted') {
    statements.markSubmitted.run(input.receivedAt, input.finalReason, input.sessionId);
  }
  return decision.result;
}

/**
 * Every write the store makes, each as one function of its arguments. Each runs in its own
 * (nested) transaction, so a refused one rolls back alone inside a group commit.
 */
export function createWriteOperations(db: Database.Database) {
  const statements = prepareWrites(db);
  const operations = {
    saveRegistration(
      ref: SessionRef,
      keyHash: string,
      registration: StoredRegistration,
      invitationId?: string | null,
      gender: Gender = '',
    ): void {
      register(statements, ref, keyHash, registration, invitationId ?? null, gender);
    },
    saveQuizComplete(ref: SessionRef, notice: QuizComplete): void {
      requireSession(statements, ref);
      statements.insertQuizComplete.run(ref.sessionId, JSON.stringify(notice), ref.receivedAt);
    },
    saveAnswers: (input: AnswersWrite) => saveAnswers(statements, input),
    saveDeviceCheck(ref: SessionRef, checkId: string, facts: DeviceCheckFacts, result: boolean): boolean {
      requireSession(statements, ref);
      statements.insertDeviceCheck.run(ref.sessionId, checkId, JSON.stringify(facts), result ? 1 : 0, ref.receivedAt);
      return statements.deviceCheckResult.get(ref.sessionId, checkId)?.result === 1;
    },
    saveVideoSkip(ref: SessionRef, reason: string): void {
      requireSession(statements, ref);
      statements.upsertVideoSkip.run(ref.sessionId, reason, ref.receivedAt);
    },
    saveFeedback(ref: SessionRef, feedback: Feedback): void {
      requireSession(statements, ref);
      statements.upsertFeedback.run(ref.sessionId, JSON.stringify(feedback), ref.receivedAt, ref.receivedAt);
      statements.markInvitationFinished.run(ref.receivedAt, ref.sessionId);
      statements.markDemographicsFinished.run(ref.sessionId);
    },
    startVideoUpload(start: VideoUploadStart): void {
      requireSession(statements, start);
      statements.insertVideo.run(
        start.uploadId,
        start.sessionId,
        start.recordingId,
        start.declaredType,
        start.receivedAt,
      );
    },
    finishVideoUpload(finish: VideoUploadFinish): void {
      statements.finishVideo.run(
        finish.bytes,
        finish.contentType,
        finish.durationSeconds,
        finish.completedAt,
        finish.uploadId,
      );
    },
    forgetVideoUpload(uploadId: string): void {
      statements.deleteVideo.run(uploadId);
    },
    ...createReviewWriteOperations(db, statements),
  };
  type Operations = typeof operations;
  const transactional = {} as Record<keyof Operations, (...args: unknown[]) => unknown>;
  for (const name of Object.keys(operations) as (keyof Operations)[]) {
    transactional[name] = db.transaction(operations[name] as (...args: unknown[]) => unknown);
  }
  return transactional as unknown as Operations;
}

export type WriteOperations = ReturnType<typeof createWriteOperations>;
export type WriteName = keyof WriteOperations;
