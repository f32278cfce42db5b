import type pg from 'pg';
import type { KnownSessions, OpenedSession } from './known-sessions.ts';
import { statement } from './postgres-statements.ts';
import {
  SESSION_PARTS,
  type SessionPartName,
  type SessionParts,
  type SessionRow,
  toPage,
  toSessionRecord,
} from './session-rows.ts';
import type { SessionPage, SessionQuery, SessionRecord } from './session-store.ts';

/** A session's own columns and, beside them, each of its parts (`SESSION_PARTS`) as JSON. */
type SessionWithParts = SessionRow & Record<SessionPartName, unknown>;

/**
 * Every part of a session as a JSON column of the one statement that reads the session: one
 * round trip and one snapshot for a whole page, however many tables a session spans.
 */
const PART_COLUMNS = Object.entries(SESSION_PARTS)
  .map(([name, part]) =>
    'orderBy' in part
      ? `(SELECT coalesce(json_agg(p ORDER BY ${part.orderBy}), '[]') FROM ${part.table} p WHERE p.session_id = s.session_id) AS "${name}"`
      : `(SELECT row_to_json(p) FROM ${part.table} p WHERE p.session_id = s.session_id) AS "${name}"`,
  )
  .join(',\n');

const SELECT_SESSIONS = `SELECT s.session_id, s.test_id, s.started_at, ${PART_COLUMNS} FROM sessions s`;

const sql = {
  sessionOfKey: statement<{ session_id: string; test_id: string; invitation_id: string | null }>(
    'SELECT session_id, test_id, invitation_id FROM sessions WHERE key_hash = $1',
    'session-of-key',
  ),
  sessionOfUpload: statement<{ session_id: string }>(
    'SELECT session_id FROM videos WHERE upload_id = $1',
    'session-of-upload',
  ),
  session: statement<SessionWithParts>(`${SELECT_SESSIONS} WHERE s.session_id = $1`, 'read-session'),
  // One statement for every filter, as in SQLite: a NULL parameter switches its condition off.
  page: statement<SessionWithParts>(`${SELECT_SESSIONS}
    WHERE ($1::text IS NULL OR s.test_id = $1)
      AND ($2::bigint IS NULL OR s.started_at >= $2)
      AND ($3::bigint IS NULL OR s.started_at < $3)
      AND ($4::bigint IS NULL OR (s.started_at, s.session_id) > ($4, $5::text))
    ORDER BY s.started_at, s.session_id
    LIMIT $6`),
};

/** The free texts PostgreSQL keeps as JSON (see `postgres-migrations.ts`), back as they came. */
function decodeTexts(parts: SessionParts): SessionParts {
  const { videoSkip } = parts;
  return {
    ...parts,
    videos: parts.videos.map((video) => ({
      ...video,
      declared_type: video.declared_type === null ? null : JSON.parse(video.declared_type),
    })),
    videoSkip: videoSkip && { ...videoSkip, reason: JSON.parse(videoSkip.reason) },
  };
}

function toRecord(row: SessionWithParts): SessionRecord {
  const parts = Object.fromEntries(
    Object.keys(SESSION_PARTS).map((name) => [name, row[name as SessionPartName] ?? undefined]),
  ) as unknown as SessionParts;
  return toSessionRecord(row, decodeTexts(parts));
}

export function createPostgresReads(pool: pg.Pool, known: KnownSessions) {
  return {
    async sessionOfKey(keyHash: string): Promise<OpenedSession | undefined> {
      const cached = known.ofKey(keyHash);
      if (cached) return cached;
      const row = (await sql.sessionOfKey(pool, [keyHash])).rows[0];
      return known.rememberKey(
        keyHash,
        row && { sessionId: row.session_id, testId: row.test_id, invitationId: row.invitation_id },
      );
    },
    async sessionOfVideoUpload(uploadId: string): Promise<string | undefined> {
      return (await sql.sessionOfUpload(pool, [uploadId])).rows[0]?.session_id;
    },
    async getSession(sessionId: string): Promise<SessionRecord | undefined> {
      const row = (await sql.session(pool, [sessionId])).rows[0];
      return row && toRecord(row);
    },
    async listSessions(query: SessionQuery): Promise<SessionPage> {
      const { rows } = await sql.page(pool, [
        query.testId ?? null,
        query.from ?? null,
        query.to ?? null,
        query.after?.startedAt ?? null,
        query.after?.sessionId ?? '',
        query.limit + 1,
      ]);
      return toPage(rows, query.limit, toRecord);
    },
  };
}
