import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import {
  type AnswersWrite,
  type DeviceCheckFacts,
  type Feedback,
  type QuizComplete,
  type Registration,
  SessionConflictError,
  type SessionRecord,
  type SessionRef,
  type SessionStore,
  type StoredAnswers,
  type StoredVideo,
  type VideoUploadFinish,
  type VideoUploadStart,
} from './session-store.ts';

interface SessionRow {
  session_id: string;
  invite_id: string;
  started_at: number;
}

interface AnswersRow {
  answers: string;
  proctoring: string;
  revision: number;
  saved_at: number;
  received_at: number;
  final: number;
  submitted_at: number | null;
}

interface VideoRow {
  upload_id: string;
  recording_id: string | null;
  declared_type: string | null;
  content_type: string | null;
  bytes: number | null;
  duration_seconds: number | null;
  created_at: number;
  completed_at: number | null;
}

function toAnswers(row: AnswersRow): StoredAnswers {
  return {
    answers: JSON.parse(row.answers),
    proctoring: JSON.parse(row.proctoring),
    revision: row.revision,
    savedAt: row.saved_at,
    receivedAt: row.received_at,
    final: row.final === 1,
    submittedAt: row.submitted_at,
  };
}

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

/** SQLite in `DATA_DIR/assessment.sqlite`: WAL for concurrent reads, synchronous=FULL so an acknowledged write survives power loss. */
export function openSqliteSessionStore(dataDir: string): SessionStore {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'assessment.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const statements = {
    session: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE session_id = ?'),
    insertSession: db.prepare('INSERT INTO sessions (session_id, invite_id, started_at) VALUES (?, ?, ?)'),
    upsertRegistration: db.prepare(`
      INSERT INTO registrations (session_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (session_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`),
    insertQuizComplete: db.prepare(
      'INSERT OR IGNORE INTO quiz_completions (session_id, payload, received_at) VALUES (?, ?, ?)',
    ),
    answers: db.prepare<[string], AnswersRow>('SELECT * FROM answers WHERE session_id = ?'),
    upsertAnswers: db.prepare(`
      INSERT INTO answers (session_id, answers, proctoring, revision, saved_at, received_at, final, submitted_at)
      VALUES (@sessionId, @answers, @proctoring, @revision, @savedAt, @receivedAt, @final, @submittedAt)
      ON CONFLICT (session_id) DO UPDATE SET
        answers = excluded.answers, proctoring = excluded.proctoring, revision = excluded.revision,
        saved_at = excluded.saved_at, received_at = excluded.received_at, final = excluded.final,
        submitted_at = excluded.submitted_at`),
    markSubmitted: db.prepare(
      'UPDATE answers SET final = 1, submitted_at = coalesce(submitted_at, ?) WHERE session_id = ?',
    ),
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
    allSessions: db.prepare<[], SessionRow>('SELECT * FROM sessions ORDER BY started_at, session_id'),
    registration: db.prepare<[string], { payload: string; received_at: number; updated_at: number }>(
      'SELECT * FROM registrations WHERE session_id = ?',
    ),
    quizComplete: db.prepare<[string], { payload: string; received_at: number }>(
      'SELECT * FROM quiz_completions WHERE session_id = ?',
    ),
    deviceChecks: db.prepare<[string], { check_id: string; facts: string; result: number; received_at: number }>(
      'SELECT * FROM device_checks WHERE session_id = ? ORDER BY received_at, check_id',
    ),
    videos: db.prepare<[string], VideoRow>('SELECT * FROM videos WHERE session_id = ? ORDER BY created_at, upload_id'),
    videoSkip: db.prepare<[string], { reason: string; received_at: number }>(
      'SELECT * FROM video_skips WHERE session_id = ?',
    ),
    feedback: db.prepare<[string], { payload: string; received_at: number; updated_at: number }>(
      'SELECT * FROM feedback WHERE session_id = ?',
    ),
  };

  /** The first record of any kind opens the session; its arrival is the server-side start. */
  function claimSession({ sessionId, inviteId, receivedAt }: SessionRef): void {
    const existing = statements.session.get(sessionId);
    if (!existing) statements.insertSession.run(sessionId, inviteId, receivedAt);
    else if (existing.invite_id !== inviteId) throw new SessionConflictError(sessionId);
  }

  /** Runs in one transaction, so a refused write leaves no half-made session behind. */
  function write<A extends unknown[], R>(body: (...args: A) => R): (...args: A) => Promise<R> {
    const transaction = db.transaction(body);
    return async (...args) => transaction.immediate(...args);
  }

  function readSession(row: SessionRow): SessionRecord {
    const id = row.session_id;
    const registration = statements.registration.get(id);
    const answers = statements.answers.get(id);
    const quizComplete = statements.quizComplete.get(id);
    const videoSkip = statements.videoSkip.get(id);
    const feedback = statements.feedback.get(id);
    return {
      sessionId: id,
      inviteId: row.invite_id,
      startedAt: row.started_at,
      registration: registration
        ? {
            payload: JSON.parse(registration.payload),
            receivedAt: registration.received_at,
            updatedAt: registration.updated_at,
          }
        : null,
      answers: answers ? toAnswers(answers) : null,
      quizComplete: quizComplete
        ? { payload: JSON.parse(quizComplete.payload), receivedAt: quizComplete.received_at }
        : null,
      deviceChecks: statements.deviceChecks.all(id).map((check) => ({
        checkId: check.check_id,
        facts: JSON.parse(check.facts),
        result: check.result === 1,
        receivedAt: check.received_at,
      })),
      videos: statements.videos.all(id).map(toVideo),
      videoSkip: videoSkip ? { reason: videoSkip.reason, receivedAt: videoSkip.received_at } : null,
      feedback: feedback
        ? { payload: JSON.parse(feedback.payload), receivedAt: feedback.received_at, updatedAt: feedback.updated_at }
        : null,
    };
  }

  const readAll = db.transaction(() => statements.allSessions.all().map(readSession));
  const readOne = db.transaction((sessionId: string) => {
    const row = statements.session.get(sessionId);
    return row ? readSession(row) : undefined;
  });

  return {
    saveRegistration: write((ref: SessionRef, registration: Registration) => {
      claimSession(ref);
      statements.upsertRegistration.run(ref.sessionId, JSON.stringify(registration), ref.receivedAt, ref.receivedAt);
    }),

    saveQuizComplete: write((ref: SessionRef, notice: QuizComplete) => {
      claimSession(ref);
      statements.insertQuizComplete.run(ref.sessionId, JSON.stringify(notice), ref.receivedAt);
    }),

    saveAnswers: write((input: AnswersWrite) => {
      claimSession(input);
      const existing = statements.answers.get(input.sessionId);
      const newer =
        !existing ||
        input.revision > existing.revision ||
        (input.revision === existing.revision && input.savedAt > existing.saved_at);
      const submittedAt = existing?.submitted_at ?? (input.final ? input.receivedAt : null);
      if (newer) {
        statements.upsertAnswers.run({
          sessionId: input.sessionId,
          answers: JSON.stringify(input.answers),
          proctoring: JSON.stringify(input.proctoring),
          revision: input.revision,
          savedAt: input.savedAt,
          receivedAt: input.receivedAt,
          final: input.final || submittedAt !== null ? 1 : 0,
          submittedAt,
        });
      } else if (input.final && existing.submitted_at === null) {
        // A submit overtaken by a newer autosave still means the candidate submitted.
        statements.markSubmitted.run(input.receivedAt, input.sessionId);
      }
      return { stored: newer, revision: newer ? input.revision : (existing as AnswersRow).revision };
    }),

    saveDeviceCheck: write((ref: SessionRef, checkId: string, facts: DeviceCheckFacts, result: boolean) => {
      claimSession(ref);
      statements.insertDeviceCheck.run(ref.sessionId, checkId, JSON.stringify(facts), result ? 1 : 0, ref.receivedAt);
      return statements.deviceCheckResult.get(ref.sessionId, checkId)?.result === 1;
    }),

    saveVideoSkip: write((ref: SessionRef, reason: string) => {
      claimSession(ref);
      statements.upsertVideoSkip.run(ref.sessionId, reason, ref.receivedAt);
    }),

    saveFeedback: write((ref: SessionRef, feedback: Feedback) => {
      claimSession(ref);
      statements.upsertFeedback.run(ref.sessionId, JSON.stringify(feedback), ref.receivedAt, ref.receivedAt);
    }),

    startVideoUpload: write((start: VideoUploadStart) => {
      claimSession(start);
      statements.insertVideo.run(
        start.uploadId,
        start.sessionId,
        start.recordingId,
        start.declaredType,
        start.receivedAt,
      );
    }),

    finishVideoUpload: write((finish: VideoUploadFinish) => {
      statements.finishVideo.run(
        finish.bytes,
        finish.contentType,
        finish.durationSeconds,
        finish.completedAt,
        finish.uploadId,
      );
    }),

    forgetVideoUpload: write((uploadId: string) => {
      statements.deleteVideo.run(uploadId);
    }),

    listSessions: async () => readAll(),
    getSession: async (sessionId) => readOne(sessionId),
    close: async () => {
      db.close();
    },
  };
}
