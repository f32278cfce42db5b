import { getTest } from '@assessment/core';
import type Database from 'better-sqlite3';
import { cleanStoredRegistration } from '../privacy/demographics.ts';

/**
 * Each entry upgrades the schema by one version; `PRAGMA user_version` remembers how far a database
 * got. Append only: an entry that has shipped is never edited.
 */
const migrations: (string | ((db: Database.Database) => void))[] = [
  `
  CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    invite_id TEXT NOT NULL,
    started_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE registrations (
    session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE answers (
    session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
    answers TEXT NOT NULL,
    proctoring TEXT NOT NULL,
    revision INTEGER NOT NULL,
    saved_at INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    final INTEGER NOT NULL,
    submitted_at INTEGER
  ) STRICT;

  CREATE TABLE quiz_completions (
    session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE device_checks (
    session_id TEXT NOT NULL REFERENCES sessions (session_id),
    check_id TEXT NOT NULL,
    facts TEXT NOT NULL,
    result INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (session_id, check_id)
  ) STRICT;

  CREATE TABLE videos (
    upload_id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (session_id),
    recording_id TEXT,
    declared_type TEXT,
    content_type TEXT,
    bytes INTEGER,
    duration_seconds REAL,
    created_at INTEGER NOT NULL,
    completed_at INTEGER
  ) STRICT;
  CREATE INDEX videos_by_session ON videos (session_id, created_at);

  CREATE TABLE video_skips (
    session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
    reason TEXT NOT NULL,
    received_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE feedback (
    session_id TEXT PRIMARY KEY REFERENCES sessions (session_id),
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  `,
  // The hash of the key that only the candidate's browser holds; sessions from before keys
  // existed keep NULL and take no more writes. The other indexes serve the admin's pages.
  `
  ALTER TABLE sessions ADD COLUMN key_hash TEXT;
  CREATE UNIQUE INDEX sessions_by_key ON sessions (key_hash) WHERE key_hash IS NOT NULL;
  CREATE INDEX sessions_by_start ON sessions (started_at, session_id);
  CREATE INDEX sessions_by_test ON sessions (invite_id, started_at, session_id);
  `,
  // One name for the test a session belongs to, from the route to this column: the invite id of
  // the link is the catalogue's test id (its index follows the rename).
  `
  ALTER TABLE sessions RENAME COLUMN invite_id TO test_id;
  `,
  // Personal invitations and the hiring company's reviewers. A session opened through a personal
  // link names its invitation (fixed when the session opens); the invitation names the one session
  // bound to it (UNIQUE: one link, one session). Answers keep why they became final.
  `
  CREATE TABLE invitations (
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
  ) STRICT;
  CREATE INDEX invitations_by_test ON invitations (test_id, created_at, invitation_id);

  CREATE TABLE test_settings (
    test_id TEXT PRIMARY KEY,
    open_link_allowed INTEGER NOT NULL DEFAULT 1,
    updated_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE reviewers (
    reviewer_id TEXT PRIMARY KEY,
    company_id TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE reviewer_sessions (
    session_hash TEXT PRIMARY KEY,
    reviewer_id TEXT NOT NULL REFERENCES reviewers (reviewer_id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX reviewer_sessions_by_reviewer ON reviewer_sessions (reviewer_id);

  ALTER TABLE sessions ADD COLUMN invitation_id TEXT REFERENCES invitations (invitation_id);
  ALTER TABLE answers ADD COLUMN final_reason TEXT;
  `,
  // The demographic answer leaves the candidate's record (SPEC section 0): kept apart, one row per
  // session only for aggregate counts, and taken out of every registration stored before.
  (db) => {
    db.exec(`
      CREATE TABLE demographics (
        session_id TEXT UNIQUE REFERENCES sessions (session_id),
        test_id TEXT NOT NULL,
        gender TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX demographics_by_test ON demographics (test_id);
    `);
    const rows = db
      .prepare<[], { session_id: string; test_id: string; payload: string; finished: number }>(`
        SELECT r.session_id, s.test_id, r.payload, EXISTS (SELECT 1 FROM feedback f WHERE f.session_id = r.session_id) AS finished
        FROM registrations r JOIN sessions s ON s.session_id = r.session_id`)
      .all();
    const rewrite = db.prepare('UPDATE registrations SET payload = ? WHERE session_id = ?');
    const keep = db.prepare('INSERT INTO demographics (session_id, test_id, gender, finished) VALUES (?, ?, ?, ?)');
    for (const row of rows) {
      const { payload, gender } = cleanStoredRegistration(JSON.parse(row.payload), getTest(row.test_id)?.companyName);
      rewrite.run(JSON.stringify(payload), row.session_id);
      keep.run(row.session_id, row.test_id, gender, row.finished);
    }
  },
];

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`The database is at schema version ${current}, newer than this server (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version += 1) {
    db.transaction(() => {
      const migration = migrations[version];
      if (typeof migration === 'function') migration(db);
      else db.exec(migration as string);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
