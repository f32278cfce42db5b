import type pg from 'pg';
import { decideAnswers, submittedAtWhenStored } from './answers-rules.ts';
import type { KnownSessions } from './known-sessions.ts';
import { createPostgresReviewWrites, refuseBinding } from './postgres-review-writes.ts';
import { inTransaction, statement } from './postgres-statements.ts';
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

/**
 * Every statement the writes use. Each rule that must hold when several instances write at once is
 * PostgreSQL's to keep, never this process's: "first one counts" is `ON CONFLICT DO NOTHING`, a
 * repeated device check returns the stored row (`DO UPDATE` locks and returns it even when another
 * instance inserted it a moment before), and a save of answers is stored by a statement whose
 * condition PostgreSQL checks on the locked row, or weighed with the row locked.
 */
const sql = {
  testOf: statement<{ test_id: string }>('SELECT test_id FROM sessions WHERE session_id = $1', 'test-of'),
  session: statement<OpenedSessionRow>(
    'SELECT test_id, key_hash, invitation_id FROM sessions WHERE session_id = $1',
    'session-for-registration',
  ),
  insertSession: statement(
    `INSERT INTO sessions (session_id, test_id, started_at, key_hash, invitation_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (session_id) DO NOTHING`,
    'insert-session',
  ),
  // The binding of `sqlite-review-writes.ts`, the same one statement: of two instances racing, the
  // second waits for the first's row lock, then finds the row bound to another session.
  bindInvitation: statement(
    `UPDATE invitations SET session_id = $2
     WHERE invitation_id = $1
       AND (session_id IS NULL OR session_id = $2)
       AND revoked_at IS NULL
       AND (finished_at IS NOT NULL OR expires_at > $3)`,
    'bind-invitation',
  ),
  upsertRegistration: statement(
    `INSERT INTO registrations (session_id, payload, received_at, updated_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (session_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`,
    'upsert-registration',
  ),
  upsertDemographics: statement(
    `INSERT INTO demographics (session_id, test_id, gender) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO UPDATE SET gender = excluded.gender`,
    'upsert-demographics',
  ),
  insertQuizComplete: statement(
    `INSERT INTO quiz_completions (session_id, payload, received_at) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO NOTHING`,
    'insert-quiz-complete',
  ),
  // The rule of a newer save (decideAnswers), in the one statement that stores it: the first save,
  // or one newer than the held answers while they are not submitted. PostgreSQL checks the
  // condition again on the row as it is once locked, so two instances cannot both store.
  storeIfNewer: statement(
    `INSERT INTO answers
       (session_id, answers, proctoring, revision, saved_at, received_at, final, submitted_at, final_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (session_id) DO UPDATE SET
       answers = excluded.answers, proctoring = excluded.proctoring, revision = excluded.revision,
       saved_at = excluded.saved_at, received_at = excluded.received_at, final = excluded.final,
       submitted_at = excluded.submitted_at, final_reason = excluded.final_reason
     WHERE answers.submitted_at IS NULL
       AND (excluded.revision > answers.revision
         OR (excluded.revision = answers.revision AND excluded.saved_at > answers.saved_at))`,
    'store-newer-answers',
  ),
  lockAnswers: statement<{ answers: string; revision: number; saved_at: number; submitted_at: number | null }>(
    'SELECT answers, revision, saved_at, submitted_at FROM answers WHERE session_id = $1 FOR UPDATE',
    'lock-answers',
  ),
  markSubmitted: statement(
    'UPDATE answers SET final = true, submitted_at = $2, final_reason = $3 WHERE session_id = $1',
    'mark-answers-submitted',
  ),
  deviceCheck: statement<{ result: boolean }>(
    `INSERT INTO device_checks (session_id, check_id, facts, result, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (session_id, check_id) DO UPDATE SET result = device_checks.result
     RETURNING result`,
    'save-device-check',
  ),
  upsertVideoSkip: statement(
    `INSERT INTO video_skips (session_id, reason, received_at) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO UPDATE SET reason = excluded.reason`,
    'upsert-video-skip',
  ),
  // The feedback, and the first one marks the session's invitation finished and its aggregate
  // row counted as finished: one statement.
  upsertFeedback: statement(
    `WITH stored AS (
       INSERT INTO feedback (session_id, payload, received_at, updated_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (session_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
     ), counted AS (
       UPDATE demographics SET finished = true WHERE session_id = $1
     )
     UPDATE invitations SET finished_at = $3 WHERE session_id = $1 AND finished_at IS NULL`,
    'upsert-feedback',
  ),
  insertVideo: statement(
    `INSERT INTO videos (upload_id, session_id, recording_id, declared_type, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (upload_id) DO NOTHING`,
    'insert-video',
  ),
  finishVideo: statement(
    'UPDATE videos SET bytes = $2, content_type = $3, duration_seconds = $4, completed_at = $5 WHERE upload_id = $1',
    'finish-video',
  ),
  deleteVideo: statement('DELETE FROM videos WHERE upload_id = $1', 'delete-video'),
};

/** The error PostgreSQL raises when a key already opened another session. */
function isKeyTaken(error: unknown): boolean {
  const failure = error as { code?: string; constraint?: string };
  return failure.code === '23505' && failure.constraint === 'sessions_by_key';
}

/** The binding hit the UNIQUE session of another invitation: this session has another link. */
function isSessionBoundElsewhere(error: unknown): boolean {
  const failure = error as { code?: string; constraint?: string };
  return failure.code === '23505' && failure.constraint === 'invitations_session_id_key';
}

/**
 * Binds the link to the session, unless the session exists already on other terms
 * (`checkEntry`). It runs before the session's row is written: that row's reference to the
 * invitation takes a lock on it that a second registration's binding would wait for while holding
 * the lock this one needs, a deadlock.
 */
async function bind(tx: pg.PoolClient, ref: SessionRef, keyHash: string, invitationId: string): Promise<void> {
  const existing = (await sql.session(tx, [ref.sessionId])).rows[0];
  if (existing) checkEntry(existing, ref, keyHash, invitationId);
  let bound: pg.QueryResult;
  try {
    bound = await sql.bindInvitation(tx, [invitationId, ref.sessionId, ref.receivedAt]);
  } catch (error) {
    if (isSessionBoundElsewhere(error)) throw new SessionConflictError(ref.sessionId);
    throw error;
  }
  if (bound.rowCount === 0) await refuseBinding(tx, invitationId, ref.receivedAt);
}

/**
 * A registration opens its session bound to its key (and its invitation), or must carry the key
 * (and the invitation) the session already has.
 */
async function openOrEnter(
  tx: pg.PoolClient,
  ref: SessionRef,
  keyHash: string,
  invitationId: string | null,
): Promise<void> {
  let opened: pg.QueryResult;
  try {
    opened = await sql.insertSession(tx, [ref.sessionId, ref.testId, ref.receivedAt, keyHash, invitationId]);
  } catch (error) {
    if (isKeyTaken(error)) throw new SessionKeyError(ref.sessionId);
    throw error;
  }
  if (opened.rowCount === 1) return;
  // The session was there (or another instance opened it a moment ago, and this insert waited for
  // that to commit): the start time stays the first one, and the key and test must be its own.
  const existing = (await sql.session(tx, [ref.sessionId])).rows[0];
  if (!existing) throw new Error(`Session "${ref.sessionId}" vanished while it was registered`);
  checkEntry(existing, ref, keyHash, invitationId);
}

/** The values of `storeIfNewer` for a save, the answers first as the JSON they are kept as. */
function answersValues(input: AnswersWrite): { answersJson: string; values: unknown[] } {
  const answersJson = JSON.stringify(input.answers);
  const values = [
    input.sessionId,
    answersJson,
    JSON.stringify(input.proctoring),
    input.revision,
    input.savedAt,
    input.receivedAt,
    input.final,
    submittedAtWhenStored(input),
    input.final ? input.finalReason : null,
  ];
  return { answersJson, values };
}

/**
 * A save the one statement did not store (the answers are submitted, or it is not newer), weighed
 * with the row locked: it may mark the answers submitted, be refused, or change nothing.
 */
async function weighAnswers(tx: pg.PoolClient, input: AnswersWrite): Promise<{ stored: boolean; revision: number }> {
  // Locked until the transaction ends, so no other save is weighed against the same row at once.
  const row = (await sql.lockAnswers(tx, [input.sessionId])).rows[0];
  const held = row && {
    answers: row.answers,
    revision: row.revision,
    savedAt: row.saved_at,
    submittedAt: row.submitted_at,
  };
  const { answersJson, values } = answersValues(input);
  const decision = decideAnswers(held, input, answersJson);
  if (decision.write === 'store') await sql.storeIfNewer(tx, values);
  if (decision.write === 'mark-submitted') {
    await sql.markSubmitted(tx, [input.sessionId, input.receivedAt, input.finalReason]);
  }
  return decision.result;
}

/**
 * Every write the store makes, each one transaction or one statement (either committed before it
 * resolves), named as in `sqlite-writes.ts`. A refused write changes nothing.
 */
export function createPostgresWrites(pool: pg.Pool, known: KnownSessions) {
  /** Every write but a registration needs a registered session of the same test. */
  async function requireSession(ref: SessionRef): Promise<void> {
    let testId = known.testOf(ref.sessionId);
    if (testId === undefined) {
      testId = (await sql.testOf(pool, [ref.sessionId])).rows[0]?.test_id;
      if (testId === undefined) throw new SessionNotFoundError(ref.sessionId);
      known.rememberSession(ref.sessionId, testId);
    }
    if (testId !== ref.testId) throw new SessionConflictError(ref.sessionId);
  }

  return {
    async saveRegistration(
      ref: SessionRef,
      keyHash: string,
      registration: StoredRegistration,
      invitationId?: string | null,
      gender: Gender = '',
    ): Promise<void> {
      await inTransaction(pool, async (tx) => {
        if (invitationId) await bind(tx, ref, keyHash, invitationId);
        await openOrEnter(tx, ref, keyHash, invitationId ?? null);
        await sql.upsertRegistration(tx, [ref.sessionId, JSON.stringify(registration), ref.receivedAt]);
        await sql.upsertDemographics(tx, [ref.sessionId, ref.testId, gender]);
      });
    },
    async saveQuizComplete(ref: SessionRef, notice: QuizComplete): Promise<void> {
      await requireSession(ref);
      await sql.insertQuizComplete(pool, [ref.sessionId, JSON.stringify(notice), ref.receivedAt]);
    },
    async saveAnswers(input: AnswersWrite): Promise<{ stored: boolean; revision: number }> {
      await requireSession(input);
      // An autosave newer than what is held, the usual case, is one round trip.
      if ((await sql.storeIfNewer(pool, answersValues(input).values)).rowCount === 1) {
        return { stored: true, revision: input.revision };
      }
      return inTransaction(pool, (tx) => weighAnswers(tx, input));
    },
    async saveDeviceCheck(ref: SessionRef, checkId: string, facts: DeviceCheckFacts, result: boolean) {
      await requireSession(ref);
      const values = [ref.sessionId, checkId, JSON.stringify(facts), result, ref.receivedAt];
      return (await sql.deviceCheck(pool, values)).rows[0]?.result === true;
    },
    async saveVideoSkip(ref: SessionRef, reason: string): Promise<void> {
      await requireSession(ref);
      await sql.upsertVideoSkip(pool, [ref.sessionId, JSON.stringify(reason), ref.receivedAt]);
    },
    async saveFeedback(ref: SessionRef, feedback: Feedback): Promise<void> {
      await requireSession(ref);
      await sql.upsertFeedback(pool, [ref.sessionId, JSON.stringify(feedback), ref.receivedAt]);
    },
    async startVideoUpload(start: VideoUploadStart): Promise<void> {
      await requireSession(start);
      const declaredType = start.declaredType === null ? null : JSON.stringify(start.declaredType);
      await sql.insertVideo(pool, [start.uploadId, start.sessionId, start.recordingId, declaredType, start.receivedAt]);
    },
    async finishVideoUpload(finish: VideoUploadFinish): Promise<void> {
      const values = [finish.uploadId, finish.bytes, finish.contentType, finish.durationSeconds, finish.completedAt];
      await sql.finishVideo(pool, values);
    },
    async forgetVideoUpload(uploadId: string): Promise<void> {
      await sql.deleteVideo(pool, [uploadId]);
    },
    ...createPostgresReviewWrites(pool),
  };
}
