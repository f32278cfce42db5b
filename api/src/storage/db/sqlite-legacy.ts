import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The schema SQLite databases had before the one migration history (`migrations/`), step by step
 * as they shipped; `PRAGMA user_version` remembers how far a database got. The first migration
 * of the history runs what a database still lacks of these, so a database of any earlier version
 * arrives at the same place as a new one. Never edited: they have shipped.
 */
const STEPS: string[][] = [
  [
    `CREATE TABLE sessions (
      session_id TEXT PRIMARY KEY,
      invite_id TEXT NOT NULL,
      started_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE registrations (
      session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
      payload TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE answers (
      session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
      answers TEXT NOT NULL,
      proctoring TEXT NOT NULL,
      revision INTEGER NOT NULL,
      saved_at INTEGER NOT NULL,
      received_at INTEGER NOT NULL,
      final INTEGER NOT NULL,
      submitted_at INTEGER
    ) STRICT`,
    `CREATE TABLE quiz_completions (
      session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
      payload TEXT NOT NULL,
      received_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE device_checks (
      session_id TEXT NOT NULL REFERENCES sessions (session_id),
      check_id TEXT NOT NULL,
      facts TEXT NOT NULL,
      result INTEGER NOT NULL,
      received_at INTEGER NOT NULL,
      PRIMARY KEY (session_id, check_id)
    ) STRICT`,
    `CREATE TABLE videos (
      upload_id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES sessions (session_id),
      recording_id TEXT,
      declared_type TEXT,
      content_type TEXT,
      bytes INTEGER,
      duration_seconds REAL,
      created_at INTEGER NOT NULL,
      completed_at INTEGER
    ) STRICT`,
    `CREATE INDEX videos_by_session ON videos (session_id, created_at)`,
    `CREATE TABLE video_skips (
      session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
      reason TEXT NOT NULL,
      received_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE feedback (
      session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
      payload TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`,
  ],
  // The hash of the key that only the candidate's browser holds; sessions from before keys
  // existed keep NULL and take no more writes. The other indexes serve the admin's pages.
  [
    `ALTER TABLE sessions ADD COLUMN key_hash TEXT`,
    `CREATE UNIQUE INDEX sessions_by_key ON sessions (key_hash) WHERE key_hash IS NOT NULL`,
    `CREATE INDEX sessions_by_start ON sessions (started_at, session_id)`,
    `CREATE INDEX sessions_by_test ON sessions (invite_id, started_at, session_id)`,
  ],
  // One name for the test a session belongs to, from the route to this column: the invite id of
  // the link is the catalogue's test id (its index follows the rename).
  [`ALTER TABLE sessions RENAME COLUMN invite_id TO test_id`],
  // Personal invitations and the hiring company's reviewers. A session opened through a personal
  // link names its invitation (fixed when the session opens); the invitation names the one session
  // bound to it (UNIQUE: one link, one session). Answers keep why they became final.
  [
    `CREATE TABLE invitations (
      invitation_id TEXT PRIMARY KEY,
      test_id TEXT NOT NULL,
      token TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      name TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      extra_time_percent INTEGER NOT NULL,
      revoked_at INTEGER,
      session_id TEXT UNIQUE,
      finished_at INTEGER
    ) STRICT`,
    `CREATE INDEX invitations_by_test ON invitations (test_id, created_at, invitation_id)`,
    `CREATE TABLE test_settings (
      test_id TEXT PRIMARY KEY,
      open_link_allowed INTEGER NOT NULL DEFAULT 1,
      updated_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE reviewers (
      reviewer_id TEXT PRIMARY KEY,
      company_id TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE TABLE reviewer_sessions (
      session_hash TEXT PRIMARY KEY,
      reviewer_id TEXT NOT NULL REFERENCES reviewers (reviewer_id) ON DELETE CASCADE,
      csrf_token TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT`,
    `CREATE INDEX reviewer_sessions_by_reviewer ON reviewer_sessions (reviewer_id)`,
    `ALTER TABLE sessions ADD COLUMN invitation_id TEXT REFERENCES invitations (invitation_id)`,
    `ALTER TABLE answers ADD COLUMN final_reason TEXT`,
  ], // Free texts the browser sent are JSON text on both databases (the other one cannot hold the NUL
  // character as plain text), so one reader serves both.
  [
    `UPDATE video_skips SET reason = json_quote(reason)`,
    `UPDATE videos SET declared_type = json_quote(declared_type) WHERE declared_type IS NOT NULL`,
  ],
];

export async function legacySqliteSchema(db: Db): Promise<void> {
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
  const current = rows[0]?.user_version ?? 0;
  for (let version = current; version < STEPS.length; version += 1) {
    for (const statement of STEPS[version] ?? []) await sql.raw(statement).execute(db);
    await sql.raw(`PRAGMA user_version = ${version + 1}`).execute(db);
  }
}
