import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { registeredMonth } from '../src/privacy/report-months.ts';
import { hashPassword } from '../src/review/passwords.ts';
import type { Db } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrations/migrations.ts';
import { postgresDialect } from '../src/storage/db/postgres.ts';
import type { Schema } from '../src/storage/db/schema.ts';
import { kyselyOf, openConnection, sqliteDialect } from '../src/storage/db/sqlite.ts';
import { createDatabase } from './databases.ts';
import {
  adminSession,
  type InProcessServer,
  newSessionId,
  registration,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

/**
 * A database an older server left (before the one migration history) is upgraded at start with
 * nothing lost: the demographic answer leaves the stored registration, the candidate list's
 * columns are filled from the stored JSON, and free texts read back as they were typed.
 */

const ANSWER = 'Female';
const UPGRADE_REVIEWER = 'upgrade@reviewer.example';

/** Rows as the older server wrote them, `reason` as that database kept a free text. */
async function writeOldRows(db: Db, sessionId: string, reason: string): Promise<number> {
  // Within the default retention, which the server applies as it starts.
  const at = Date.now() - 60_000;
  const deviceInfo = { ...registration(sessionId).deviceInfo, gender: ANSWER };
  const payload = { ...registration(sessionId), fullName: 'Émile Old', gender: ANSWER, deviceInfo };
  payload.company = `Lumenvault ${JSON.stringify(deviceInfo)}`;
  const proctoring = {
    tabSwitches: 2,
    perQuestion: [
      { pastes: [{ chars: 5, at: 1 }], droppedPastes: 1, switches: 1 },
      { pastes: [], droppedPastes: 0, switches: 1 },
      { pastes: [], droppedPastes: 0, switches: 0 },
    ],
  };
  await sql`INSERT INTO sessions (session_id, test_id, started_at, key_hash) VALUES (${sessionId}, ${testId}, ${at}, ${`hash-${sessionId}`})`.execute(
    db,
  );
  await sql`INSERT INTO registrations (session_id, payload, received_at, updated_at) VALUES (${sessionId}, ${JSON.stringify(payload)}, ${at}, ${at})`.execute(
    db,
  );
  await sql`INSERT INTO answers (session_id, answers, proctoring, revision, saved_at, received_at, final, submitted_at)
    VALUES (${sessionId}, ${JSON.stringify(['<p>a</p>', '', ''])}, ${JSON.stringify(proctoring)}, 1, 1, ${at + 1}, ${sql.lit(true)}, ${at + 1})`.execute(
    db,
  );
  await sql`INSERT INTO video_skips (session_id, reason, received_at) VALUES (${sessionId}, ${reason}, ${at + 2})`.execute(
    db,
  );
  const companyId = companyIdOf(getTest(testId) as TestDefinition);
  await sql`INSERT INTO reviewers (reviewer_id, company_id, email, name, password_hash, created_at)
    VALUES (${`r-${sessionId}`}, ${companyId}, ${UPGRADE_REVIEWER}, 'Old', ${await hashPassword(REVIEWER_PASSWORD)}, 1)`.execute(
    db,
  );
  await sql`INSERT INTO feedback (session_id, payload, received_at, updated_at)
    VALUES (${sessionId}, ${JSON.stringify({ feedback: 'fine', currentScore: 3 })}, ${at + 3}, ${at + 3})`.execute(db);
  return at;
}

async function expectUpgraded(server: InProcessServer, sessionId: string): Promise<void> {
  const session = await adminSession(server.url, sessionId);
  expect(JSON.stringify(session)).not.toMatch(/gender|Female/i);
  expect(session).toMatchObject({
    registration: { fullName: 'Émile Old' },
    noVideo: { reason: 'no-camera' },
    feedback: { stars: 4, feedback: 'fine' },
  });
  const reviewer = new ReviewerBrowser(server.url);
  expect((await reviewer.signIn(UPGRADE_REVIEWER)).status).toBe(204);
  const list = await reviewer.send('GET', `/api/review/tests/${testId}/candidates`);
  expect(list.body.candidates).toEqual([
    expect.objectContaining({ fullName: 'Émile Old', signals: { tabSwitches: 2, pastes: 2 }, stars: 4 }),
  ]);
}

/**
 * A pool on a test database that `drop()` removes by force. pg-pool's end() resolves before its
 * connections have closed, and the drop ends those still open: one told so while it closes is
 * expected; any other error is not.
 */
function poolDroppedByForce(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url });
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  return pool;
}

describe('a database an older server left', () => {
  it('upgrades on SQLite with nothing lost and the answer kept apart', async () => {
    const dataDir = tempDataDir();
    const sessionId = newSessionId();
    const file = path.join(dataDir, 'assessment.sqlite');
    const old = kyselyOf(new Database(file));
    await sqliteDialect.legacySchema(old);
    // The older server stopped at version 4, with free texts kept as they came.
    await sql`PRAGMA user_version = 4`.execute(old);
    const at = await writeOldRows(old, sessionId, 'no-camera');
    await old.destroy();

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await expectUpgraded(server, sessionId);
    } finally {
      await server.stop();
    }
    const after = new Database(file, { readonly: true });
    // The gender report's month is the session's, from its start.
    expect(after.prepare('SELECT session_id, gender, finished, registered_month FROM demographics').all()).toEqual([
      { session_id: sessionId, gender: ANSWER, finished: 1, registered_month: registeredMonth(at) },
    ]);
    after.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('upgrades on PostgreSQL likewise', async () => {
    const database = await createDatabase(inject('services').DATABASE_URL, 'upgrade');
    const sessionId = newSessionId();
    const pool = poolDroppedByForce(database.url);
    const old = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    try {
      await postgresDialect.legacySchema(old);
      const at = await writeOldRows(old, sessionId, JSON.stringify('no-camera'));
      const server = await startServer({ DATABASE_URL: database.url });
      try {
        await expectUpgraded(server, sessionId);
      } finally {
        await server.stop();
      }
      const { rows } = await sql`SELECT session_id, gender, finished, registered_month FROM demographics`.execute(old);
      expect(rows).toEqual([
        { session_id: sessionId, gender: ANSWER, finished: true, registered_month: registeredMonth(at) },
      ]);
    } finally {
      await old.destroy();
      await database.drop();
    }
  });
});

/**
 * The access log before it could hold a look at a personal invitation (its table made anew by
 * `0024-invitation-looks`): every entry comes through as it was, and an entry names a session or
 * an invitation from then on, one of the two.
 */
describe.each([
  {
    name: 'SQLite',
    async open() {
      const dataDir = tempDataDir();
      return {
        db: kyselyOf(openConnection(path.join(dataDir, 'assessment.sqlite'))),
        dialect: sqliteDialect,
        drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const database = await createDatabase(inject('services').DATABASE_URL, 'access_upgrade');
      const pool = poolDroppedByForce(database.url);
      return {
        db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }),
        dialect: postgresDialect,
        drop: () => database.drop(),
      };
    },
  },
])('the access log of a database from before looks at invitations ($name)', (database) => {
  it('keeps every entry, and takes one about an invitation', async () => {
    const { db, dialect, drop } = await database.open();
    try {
      // The schema as it was after `0023`: the access log as `0005` made it, untouched since.
      await migrate(db, dialect, { upTo: '0023-stage-reason-lists' });
      const sessionId = newSessionId();
      await sql`INSERT INTO sessions (session_id, test_id, started_at, key_hash) VALUES (${sessionId}, ${testId}, 1, 'hash')`.execute(
        db,
      );
      const old = {
        entry_id: 'entry-before',
        session_id: sessionId,
        company_id: 'lumenvault',
        actor: 'ann@lumenvault.example',
        actor_role: 'admin',
        action: 'opened',
        detail: null,
        at: 1_760_000_000_000,
        address: '127.0.0.1',
      };
      await sql`INSERT INTO access_log (entry_id, session_id, company_id, actor, actor_role, action, detail, at, address)
        VALUES (${old.entry_id}, ${old.session_id}, ${old.company_id}, ${old.actor}, ${old.actor_role}, ${old.action}, ${old.detail}, ${old.at}, ${old.address})`.execute(
        db,
      );

      await migrate(db, dialect);
      const rows = await db.selectFrom('access_log').selectAll().execute();
      expect(rows.map((row) => ({ ...row, at: Number(row.at) }))).toEqual([{ ...old, invitation_id: null }]);
      await sql`INSERT INTO invitations (invitation_id, test_id, token, email, created_at, expires_at, extra_time_percent)
        VALUES ('inv-after', ${testId}, ${'t'.repeat(26)}, 'ada@mail.example', 1, 2, 0)`.execute(db);
      const look = { ...old, entry_id: 'entry-after', session_id: null, invitation_id: 'inv-after' };
      await db.insertInto('access_log').values(look).execute();
      await expect(
        db
          .insertInto('access_log')
          .values({ ...look, entry_id: 'entry-both', session_id: sessionId })
          .execute(),
      ).rejects.toThrow();
      expect(await db.selectFrom('access_log').select('entry_id').orderBy('entry_id').execute()).toEqual([
        { entry_id: 'entry-after' },
        { entry_id: 'entry-before' },
      ]);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
