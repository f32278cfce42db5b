import { getTest } from '@assessment/core';
import type pg from 'pg';
import { cleanStoredRegistration } from '../privacy/demographics.ts';

/**
 * Each entry upgrades the schema by one version; the one row of `schema_version` remembers how far
 * a database got, as SQLite's `user_version` does (`sqlite-migrations.ts`). Append only: an entry
 * that has shipped is never edited.
 *
 * The same tables and columns as SQLite's. Ids are compared byte by byte (`COLLATE "C"`), as SQLite
 * compares them, so the admin pages list sessions that started in the same millisecond in the same
 * order on both. Times are milliseconds (`bigint`). What a candidate sent is JSON text, as in SQLite;
 * so are the two free texts SQLite keeps as they came (a video skip's reason, an upload's declared
 * type), because PostgreSQL's text cannot hold the NUL character that JSON writes as `\u0000`.
 */
const migrations: (string | ((client: pg.PoolClient) => Promise<void>))[] = [
  `
  CREATE TABLE sessions (
    session_id text COLLATE "C" PRIMARY KEY,
    test_id text COLLATE "C" NOT NULL,
    started_at bigint NOT NULL,
    -- The SHA-256 of the key only the candidate's browser holds. NULL for a session begun before
    -- keys existed (copied from SQLite), which takes no more writes.
    key_hash text CONSTRAINT sessions_by_key UNIQUE
  );
  CREATE INDEX sessions_by_start ON sessions (started_at, session_id);
  CREATE INDEX sessions_by_test ON sessions (test_id, started_at, session_id);

  CREATE TABLE registrations (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
    payload text NOT NULL,
    received_at bigint NOT NULL,
    updated_at bigint NOT NULL
  );

  CREATE TABLE answers (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
    answers text NOT NULL,
    proctoring text NOT NULL,
    revision bigint NOT NULL,
    saved_at bigint NOT NULL,
    received_at bigint NOT NULL,
    final boolean NOT NULL,
    submitted_at bigint
  );

  CREATE TABLE quiz_completions (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
    payload text NOT NULL,
    received_at bigint NOT NULL
  );

  CREATE TABLE device_checks (
    session_id text COLLATE "C" NOT NULL REFERENCES sessions (session_id),
    check_id text COLLATE "C" NOT NULL,
    facts text NOT NULL,
    result boolean NOT NULL,
    received_at bigint NOT NULL,
    PRIMARY KEY (session_id, check_id)
  );

  CREATE TABLE videos (
    upload_id text COLLATE "C" PRIMARY KEY,
    session_id text COLLATE "C" NOT NULL REFERENCES sessions (session_id),
    recording_id text,
    declared_type text,
    content_type text,
    bytes bigint,
    duration_seconds double precision,
    created_at bigint NOT NULL,
    completed_at bigint
  );
  CREATE INDEX videos_by_session ON videos (session_id, created_at);

  CREATE TABLE video_skips (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
    reason text NOT NULL,
    received_at bigint NOT NULL
  );

  CREATE TABLE feedback (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (session_id),
    payload text NOT NULL,
    received_at bigint NOT NULL,
    updated_at bigint NOT NULL
  );
  `,
  // Personal invitations and the hiring company's reviewers, as in SQLite (`sqlite-migrations.ts`,
  // version 4). The reviewer's free texts hold no NUL character (the schemas and the command refuse
  // it), so they are plain text.
  `
  CREATE TABLE invitations (
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
  );
  CREATE INDEX invitations_by_test ON invitations (test_id, created_at, invitation_id);

  CREATE TABLE test_settings (
    test_id text COLLATE "C" PRIMARY KEY,
    open_link_allowed boolean NOT NULL DEFAULT true,
    updated_at bigint NOT NULL
  );

  CREATE TABLE reviewers (
    reviewer_id text COLLATE "C" PRIMARY KEY,
    company_id text COLLATE "C" NOT NULL,
    email text COLLATE "C" NOT NULL UNIQUE,
    name text NOT NULL,
    password_hash text NOT NULL,
    created_at bigint NOT NULL
  );

  CREATE TABLE reviewer_sessions (
    session_hash text COLLATE "C" PRIMARY KEY,
    reviewer_id text COLLATE "C" NOT NULL REFERENCES reviewers (reviewer_id) ON DELETE CASCADE,
    csrf_token text NOT NULL,
    created_at bigint NOT NULL,
    last_seen_at bigint NOT NULL,
    expires_at bigint NOT NULL
  );
  CREATE INDEX reviewer_sessions_by_reviewer ON reviewer_sessions (reviewer_id);

  ALTER TABLE sessions ADD COLUMN invitation_id text COLLATE "C" REFERENCES invitations (invitation_id);
  ALTER TABLE answers ADD COLUMN final_reason text;
  `,
  // As SQLite's: the demographic answer leaves every stored registration for a table of its own.
  async (client) => {
    await client.query(`
      CREATE TABLE demographics (
        session_id text COLLATE "C" UNIQUE REFERENCES sessions (session_id),
        test_id text COLLATE "C" NOT NULL,
        gender text NOT NULL,
        finished boolean NOT NULL DEFAULT false
      );
      CREATE INDEX demographics_by_test ON demographics (test_id);
    `);
    const { rows } = await client.query<{ session_id: string; test_id: string; payload: string; finished: boolean }>(`
      SELECT r.session_id, s.test_id, r.payload, EXISTS (SELECT 1 FROM feedback f WHERE f.session_id = r.session_id) AS finished
      FROM registrations r JOIN sessions s ON s.session_id = r.session_id`);
    for (const row of rows) {
      const { payload, gender } = cleanStoredRegistration(JSON.parse(row.payload), getTest(row.test_id)?.companyName);
      await client.query('UPDATE registrations SET payload = $1 WHERE session_id = $2', [
        JSON.stringify(payload),
        row.session_id,
      ]);
      await client.query('INSERT INTO demographics (session_id, test_id, gender, finished) VALUES ($1, $2, $3, $4)', [
        row.session_id,
        row.test_id,
        gender,
        row.finished,
      ]);
    }
  },
];

/**
 * The advisory lock migrations run under, in the two-integer key space (`pg_advisory_lock(int,
 * int)`), which never meets the 64-bit keys of the upload locks (`postgres-locker.ts`). The first
 * key is "asmt" in ASCII.
 */
const MIGRATION_LOCK = [0x61736d74, 1];

/** Runs the statements of one migration and records its version, all or nothing. */
async function apply(client: pg.PoolClient, version: number): Promise<void> {
  await client.query('BEGIN');
  try {
    const migration = migrations[version];
    if (typeof migration === 'function') await migration(client);
    else await client.query(migration as string);
    await client.query('UPDATE schema_version SET version = $1', [version + 1]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function upgrade(client: pg.PoolClient): Promise<void> {
  await client.query(`
    CREATE TABLE IF NOT EXISTS schema_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version integer NOT NULL
    );
    INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING;
  `);
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
  const current = rows[0]?.version ?? 0;
  if (current > migrations.length) {
    throw new Error(`The database is at schema version ${current}, newer than this server (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version += 1) await apply(client, version);
}

/**
 * Creates or upgrades the schema, at every start of every instance. Instances that start together
 * take turns under the advisory lock: the first applies what is missing, the others then find
 * nothing left to do. The lock belongs to the connection, so an instance that dies while it
 * migrates frees it (and its transaction rolls back).
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', MIGRATION_LOCK);
    try {
      await upgrade(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', MIGRATION_LOCK);
    }
  } catch (error) {
    // A connection whose state is unknown (a lock perhaps still held) is closed, not reused.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
