import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, getTest } from '@assessment/core';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createVideoStore } from '../src/backends.ts';
import { configFromEnv } from '../src/config.ts';
import { exportSessions } from '../src/export/export-sessions.ts';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import { openPostgres } from '../src/storage/postgres.ts';
import { openPostgresSessionStore } from '../src/storage/postgres-session-store.ts';
import type { SessionStore } from '../src/storage/session-store.ts';
import { openSqliteSessionStore } from '../src/storage/sqlite-session-store.ts';
import { createDatabase, type TestDatabase } from './databases.ts';
import {
  ADMIN_TOKEN,
  adminGet,
  answers,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  registration,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

const REVIEWER = 'gender-check@reviewer.example';
/** Not a word any response has otherwise: if it shows up, the answer leaked. */
const ANSWER = 'Female';

/** The demographic answer, in all three places the browser sends it. */
function registrationWithGender(unique: string) {
  const plain = registration(unique);
  const deviceInfo = { ...plain.deviceInfo, gender: ANSWER };
  return { ...plain, gender: ANSWER, deviceInfo, company: `Lumenvault ${JSON.stringify(deviceInfo)}` } as const;
}

function expectNoGender(what: string, text: string): void {
  expect(text, what).not.toMatch(/gender/i);
  expect(text, what).not.toContain(ANSWER);
}

const databases = [
  {
    name: 'SQLite',
    env: async (): Promise<{ env: { DATABASE_URL?: string }; drop(): Promise<void> }> => ({
      env: {},
      drop: async () => {},
    }),
  },
  {
    name: 'PostgreSQL',
    env: async () => {
      const database: TestDatabase = await createDatabase(inject('services').DATABASE_URL, 'demographics');
      return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
    },
  },
];

describe.each(databases)('the demographic answer on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let store: SessionStore;
  let closeStore: () => Promise<void>;
  const unique = newSessionId();
  const dataDir = tempDataDir();

  beforeAll(async () => {
    const { env, drop: dropDatabase } = await database.env();
    drop = dropDatabase;
    server = await startServer({ ...env, DATA_DIR: dataDir });
    if (env.DATABASE_URL) {
      const postgres = openPostgres(env.DATABASE_URL, () => {});
      store = await openPostgresSessionStore(postgres);
      closeStore = () => postgres.close();
    } else {
      store = await openSqliteSessionStore(dataDir);
      closeStore = () => store.close();
    }
    const test = getTest(testId);
    if (!test) throw new Error('The sample test is missing');
    await addReviewer(
      store,
      { companyId: companyIdOf(test), email: REVIEWER, name: 'Checker', password: REVIEWER_PASSWORD },
      Date.now(),
    );
    expect((await postJson(server.url, '/api/now-assessment', registrationWithGender(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
  });

  afterAll(async () => {
    await closeStore();
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches no reviewer response and no reviewer CSV', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    for (const route of [
      `/api/review/tests/${testId}/candidates`,
      `/api/review/candidates/${unique}`,
      `/api/review/tests/${testId}/export.csv`,
      '/api/review/tests',
    ]) {
      const response = await reviewer.send('GET', route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, response.text);
    }
    const detail = await reviewer.send('GET', `/api/review/candidates/${unique}`);
    expect(detail.body).toMatchObject({ registration: { fullName: 'Ada Lovelace' } });
  });

  it('reaches no admin read-out and no per-candidate export', async () => {
    for (const route of ['/api/admin/sessions', `/api/admin/sessions/${unique}`]) {
      const response = await adminGet(server.url, route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, await response.text());
    }
    const outDir = path.join(dataDir, 'export');
    const config = configFromEnv({ ADMIN_TOKEN, DATA_DIR: dataDir });
    await exportSessions(store, createVideoStore(config), outDir);
    expectNoGender('sessions.json', fs.readFileSync(path.join(outDir, 'sessions.json'), 'utf8'));
    expectNoGender('sessions.csv', fs.readFileSync(path.join(outDir, 'sessions.csv'), 'utf8'));
  });
});

describe('registrations stored before the answer was kept apart', () => {
  /** A registration as an older server stored it, the answer in all three places. */
  const oldPayload = (unique: string) => JSON.stringify(registrationWithGender(unique));

  it('are cleaned at start on SQLite, and the answer is kept for the counts only', async () => {
    const dataDir = tempDataDir();
    const unique = newSessionId();
    const first = await startServer({ DATA_DIR: dataDir });
    expect((await postJson(first.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    expect((await postJson(first.url, '/api/feedback', feedback(unique))).status).toBe(200);
    await first.stop();
    // Back to the schema before the demographic table, with the answer inside the stored registration.
    const db = new Database(path.join(dataDir, 'assessment.sqlite'));
    db.exec('DROP TABLE demographics');
    db.prepare('UPDATE registrations SET payload = ? WHERE session_id = ?').run(oldPayload(unique), unique);
    db.pragma('user_version = 4');
    db.close();

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expectNoGender('admin', await (await adminGet(server.url, `/api/admin/sessions/${unique}`)).text());
    } finally {
      await server.stop();
    }
    const after = new Database(path.join(dataDir, 'assessment.sqlite'), { readonly: true });
    expectNoGender('stored', JSON.stringify(after.prepare('SELECT payload FROM registrations').all()));
    expect(after.prepare('SELECT session_id, gender, finished FROM demographics').all()).toEqual([
      { session_id: unique, gender: ANSWER, finished: 1 },
    ]);
    after.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are cleaned at start on PostgreSQL likewise', async () => {
    const database = await createDatabase(inject('services').DATABASE_URL, 'demographics_old');
    const unique = newSessionId();
    const first = await startServer({ DATABASE_URL: database.url });
    expect((await postJson(first.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    await first.stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('DROP TABLE demographics');
      await client.query('UPDATE registrations SET payload = $1 WHERE session_id = $2', [oldPayload(unique), unique]);
      await client.query('UPDATE schema_version SET version = version - 1');
      const server = await startServer({ DATABASE_URL: database.url });
      try {
        expectNoGender('admin', await (await adminGet(server.url, `/api/admin/sessions/${unique}`)).text());
      } finally {
        await server.stop();
      }
      expectNoGender('stored', JSON.stringify((await client.query('SELECT payload FROM registrations')).rows));
      expect((await client.query('SELECT session_id, gender, finished FROM demographics')).rows).toEqual([
        { session_id: unique, gender: ANSWER, finished: false },
      ]);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
