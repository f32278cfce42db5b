import type Database from 'better-sqlite3';
import type {
  SessionCursor,
  SessionPage,
  SessionQuery,
  SessionRecord,
  StoredAnswers,
  StoredVideo,
} from './session-store.ts';

interface SessionRow {
  session_id: string;
  test_id: string;
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

const SESSION_COLUMNS = 'session_id, test_id, started_at';

function prepareReads(db: Database.Database) {
  return {
    session: db.prepare<[string], SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE session_id = ?`),
    sessionOfKey: db.prepare<[string], { session_id: string; test_id: string }>(
      'SELECT session_id, test_id FROM sessions WHERE key_hash = ?',
    ),
    sessionOfUpload: db.prepare<[string], { session_id: string }>('SELECT session_id FROM videos WHERE upload_id = ?'),
    // One statement for every filter: a NULL parameter switches its condition off.
    page: db.prepare<
      {
        testId: string | null;
        from: number | null;
        to: number | null;
        afterStart: number | null;
        afterId: string;
        limit: number;
      },
      SessionRow
    >(`
      SELECT ${SESSION_COLUMNS} FROM sessions
      WHERE (@testId IS NULL OR test_id = @testId)
        AND (@from IS NULL OR started_at >= @from)
        AND (@to IS NULL OR started_at < @to)
        AND (@afterStart IS NULL OR (started_at, session_id) > (@afterStart, @afterId))
      ORDER BY started_at, session_id
      LIMIT @limit`),
    registration: db.prepare<[string], { payload: string; received_at: number; updated_at: number }>(
      'SELECT payload, received_at, updated_at FROM registrations WHERE session_id = ?',
    ),
    answers: db.prepare<[string], AnswersRow>('SELECT * FROM answers WHERE session_id = ?'),
    quizComplete: db.prepare<[string], { payload: string; received_at: number }>(
      'SELECT payload, received_at FROM quiz_completions WHERE session_id = ?',
    ),
    deviceChecks: db.prepare<[string], { check_id: string; facts: string; result: number; received_at: number }>(
      'SELECT check_id, facts, result, received_at FROM device_checks WHERE session_id = ? ORDER BY received_at, check_id',
    ),
    videos: db.prepare<[string], VideoRow>('SELECT * FROM videos WHERE session_id = ? ORDER BY created_at, upload_id'),
    videoSkip: db.prepare<[string], { reason: string; received_at: number }>(
      'SELECT reason, received_at FROM video_skips WHERE session_id = ?',
    ),
    feedback: db.prepare<[string], { payload: string; received_at: number; updated_at: number }>(
      'SELECT payload, received_at, updated_at FROM feedback WHERE session_id = ?',
    ),
  };
}

/** Reads for the server's own thread: each is a few indexed lookups, and a page is bounded. */
export function createReads(db: Database.Database) {
  const statements = prepareReads(db);

  function readSession(row: SessionRow): SessionRecord {
    const id = row.session_id;
    const registration = statements.registration.get(id);
    const answers = statements.answers.get(id);
    const quizComplete = statements.quizComplete.get(id);
    const videoSkip = statements.videoSkip.get(id);
    const feedback = statements.feedback.get(id);
    return {
      sessionId: id,
      testId: row.test_id,
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

  const listSessions = db.transaction((query: SessionQuery): SessionPage => {
    const rows = statements.page.all({
      testId: query.testId ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      afterStart: query.after?.startedAt ?? null,
      afterId: query.after?.sessionId ?? '',
      limit: query.limit + 1,
    });
    const sessions = rows.slice(0, query.limit).map(readSession);
    const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
    const next: SessionCursor | undefined = last
      ? { startedAt: last.started_at, sessionId: last.session_id }
      : undefined;
    return next ? { sessions, next } : { sessions };
  });

  const getSession = db.transaction((sessionId: string) => {
    const row = statements.session.get(sessionId);
    return row ? readSession(row) : undefined;
  });

  return {
    listSessions,
    getSession,
    sessionOfKey(keyHash: string) {
      const row = statements.sessionOfKey.get(keyHash);
      return row ? { sessionId: row.session_id, testId: row.test_id } : undefined;
    },
    sessionOfVideoUpload: (uploadId: string) => statements.sessionOfUpload.get(uploadId)?.session_id,
  };
}
