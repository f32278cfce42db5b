import type Database from 'better-sqlite3';
import type { OpenedSession } from './known-sessions.ts';
import {
  SESSION_PARTS,
  type SessionPartName,
  type SessionParts,
  type SessionRow,
  toPage,
  toSessionRecord,
} from './session-rows.ts';
import type { SessionPage, SessionQuery } from './session-store.ts';

const SESSION_COLUMNS = 'session_id, test_id, started_at';

interface PageParameters {
  testId: string | null;
  from: number | null;
  to: number | null;
  afterStart: number | null;
  afterId: string;
  limit: number;
}

function prepareReads(db: Database.Database) {
  return {
    session: db.prepare<[string], SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE session_id = ?`),
    sessionOfKey: db.prepare<[string], { session_id: string; test_id: string; invitation_id: string | null }>(
      'SELECT session_id, test_id, invitation_id FROM sessions WHERE key_hash = ?',
    ),
    sessionOfUpload: db.prepare<[string], { session_id: string }>('SELECT session_id FROM videos WHERE upload_id = ?'),
    // One statement for every filter: a NULL parameter switches its condition off.
    page: db.prepare<PageParameters, SessionRow>(`
      SELECT ${SESSION_COLUMNS} FROM sessions
      WHERE (@testId IS NULL OR test_id = @testId)
        AND (@from IS NULL OR started_at >= @from)
        AND (@to IS NULL OR started_at < @to)
        AND (@afterStart IS NULL OR (started_at, session_id) > (@afterStart, @afterId))
      ORDER BY started_at, session_id
      LIMIT @limit`),
  };
}

/** One statement per part of a session (`SESSION_PARTS`), each a lookup by the session's id. */
function preparePartReads(db: Database.Database) {
  const reads = Object.entries(SESSION_PARTS).map(([name, part]) => {
    const statement = db.prepare<[string], unknown>(
      'orderBy' in part
        ? `SELECT * FROM ${part.table} WHERE session_id = ? ORDER BY ${part.orderBy}`
        : `SELECT * FROM ${part.table} WHERE session_id = ?`,
    );
    const read = 'orderBy' in part ? (id: string) => statement.all(id) : (id: string) => statement.get(id);
    return [name as SessionPartName, read] as const;
  });
  return (sessionId: string): SessionParts =>
    Object.fromEntries(reads.map(([name, read]) => [name, read(sessionId)])) as unknown as SessionParts;
}

/** Reads for the server's own thread: each is a few indexed lookups, and a page is bounded. */
export function createReads(db: Database.Database) {
  const statements = prepareReads(db);
  const partsOf = preparePartReads(db);
  const readSession = (row: SessionRow) => toSessionRecord(row, partsOf(row.session_id));

  const listSessions = db.transaction((query: SessionQuery): SessionPage => {
    const rows = statements.page.all({
      testId: query.testId ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      afterStart: query.after?.startedAt ?? null,
      afterId: query.after?.sessionId ?? '',
      limit: query.limit + 1,
    });
    return toPage(rows, query.limit, readSession);
  });

  const getSession = db.transaction((sessionId: string) => {
    const row = statements.session.get(sessionId);
    return row ? readSession(row) : undefined;
  });

  return {
    listSessions,
    getSession,
    sessionOfKey(keyHash: string): OpenedSession | undefined {
      const row = statements.sessionOfKey.get(keyHash);
      return row ? { sessionId: row.session_id, testId: row.test_id, invitationId: row.invitation_id } : undefined;
    },
    sessionOfVideoUpload: (uploadId: string) => statements.sessionOfUpload.get(uploadId)?.session_id,
  };
}
