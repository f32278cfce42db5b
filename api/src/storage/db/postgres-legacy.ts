import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The schema PostgreSQL databases had before the one migration history (`migrations/`), step by
 * step as they shipped; the one row of `schema_version` remembers how far a database got. As in
 * `sqlite-legacy.ts`: the first migration runs what a database still lacks. Ids are compared byte
 * by byte (`COLLATE "C"`), as SQLite compares them; times are milliseconds (`bigint`); free texts
 * a candidate sent are JSON text, because PostgreSQL's text cannot hold the NUL character that JSON
 * writes as `\u0000`. Never edited: they have shipped.
 */
const STEPS: string[][] = [
  [
    `CREATE TABLE sessions (
      session_id text COLLATE "C" PRIMARY KEY,
      test_id text COLLATE "C" NOT NULL,
      started_at bigint NOT NULL,
      -- The SHA-256 of the key only the candidate's browser holds. NULL for a session begun before
      -- keys existed (copied from SQLite), which takes no more writes.
      key_hash text CONSTRAINT sessions_by_key UNIQUE
    )`,
    `CREATE INDEX sessions_by_start ON sessions (started_at, session_id)`,
    `CREATE INDEX sessions_by_test ON sessions (test_id, started_at, session_id)`,
    `CREATE TABLE registrations (
      session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
      payload text NOT NULL,
      received_at bigint NOT NULL,
      updated_at bigint NOT NULL
    )`,
    `CREATE TABLE answers (
      session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
      answers text NOT NULL,
      proctoring text NOT NULL,
      revision bigint NOT NULL,
      saved_at bigint NOT NULL,
      received_at bigint NOT NULL,
      final boolean NOT NULL,
      submitted_at bigint
    )`,
    `CREATE TABLE quiz_completions (
      session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
      payload text NOT NULL,
      received_at bigint NOT NULL
    )`,
    `CREATE TABLE device_checks (
      session_id text COLLATE "C" NOT NULL REFERENCES sessions (session_id),
      check_id text COLLATE "C" NOT NULL,
      facts text NOT NULL,
      result boolean NOT NULL,
      received_at bigint NOT NULL,
      PRIMARY KEY (session_id, check_id)
    )`,
    `CREATE TABLE videos (
      upload_id text COLLATE "C" PRIMARY KEY,
      session_id text COLLATE "C" NOT NULL REFERENCES sessions (session_id),
      recording_id text,
      declared_type text,
      content_type text,
      bytes bigint,
      duration_seconds double precision,
      created_at bigint NOT NULL,
      completed_at bigint
    )`,
    `CREATE INDEX videos_by_session ON videos (session_id, created_at)`,
    `CREATE TABLE video_skips (
      session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
      reason text NOT NULL,
      received_at bigint NOT NULL
    )`,
    `CREATE TABLE feedback (
      session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
      payload text NOT NULL,
      received_at bigint NOT NULL,
      updated_at bigint NOT NULL
    )`,
  ],
  // Personal invitations and the hiring company's reviewers, as in SQLite (`sqlite-migrations.ts`,
  // version 4). The reviewer's free texts hold no NUL character (the schemas and the command refuse
  // it), so they are plain text.
  [
    `CREATE TABLE invitations (
      invitation_id text COLLATE "C" PRIMARY KEY,
      test_id text COLLATE "C" NOT NULL,
      token text COLLATE "C" NOT NULL UNIQUE,
      email text NOT NULL,
      name text,
      created_at bigint NOT NULL,
      expires_at bigint NOT NULL,
      extra_time_percent integer NOT NULL,
      revoked_at bigint,
      session_id text COLLATE "C" UNIQUE,
      finished_at bigint
    )`,
    `CREATE INDEX invitations_by_test ON invitations (test_id, created_at, invitation_id)`,
    `CREATE TABLE test_settings (
      test_id text COLLATE "C" PRIMARY KEY,
      open_link_allowed boolean NOT NULL DEFAULT true,
      updated_at bigint NOT NULL
    )`,
    `CREATE TABLE reviewers (
      reviewer_id text COLLATE "C" PRIMARY KEY,
      company_id text COLLATE "C" NOT NULL,
      email text COLLATE "C" NOT NULL UNIQUE,
      name text NOT NULL,
      password_hash text NOT NULL,
      created_at bigint NOT NULL
    )`,
    `CREATE TABLE reviewer_sessions (
      session_hash text COLLATE "C" PRIMARY KEY,
      reviewer_id text COLLATE "C" NOT NULL REFERENCES reviewers (reviewer_id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      created_at bigint NOT NULL,
      last_seen_at bigint NOT NULL,
      expires_at bigint NOT NULL
    )`,
    `CREATE INDEX reviewer_sessions_by_reviewer ON reviewer_sessions (reviewer_id)`,
    `ALTER TABLE sessions ADD COLUMN invitation_id text COLLATE "C" REFERENCES invitations (invitation_id)`,
    `ALTER TABLE answers ADD COLUMN final_reason text`,
  ],
];

export async function legacyPostgresSchema(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS schema_version (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    version integer NOT NULL
  )`.execute(db);
  await sql`INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING`.execute(db);
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db);
  for (let version = rows[0]?.version ?? 0; version < STEPS.length; version += 1) {
    for (const statement of STEPS[version] ?? []) await sql.raw(statement).execute(db);
    await sql`UPDATE schema_version SET version = ${version + 1}`.execute(db);
  }
}
