import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { openPostgres, openPostgresStorage, type Postgres } from '../src/storage/db/postgres.ts';
import { kyselyOf, openConnection, openSqliteStorage } from '../src/storage/db/sqlite.ts';
import type { Storage } from '../src/storage/db/storage.ts';
import { type Stores, storesOn } from '../src/storage/stores.ts';

export interface TestDatabase {
  /** The `DATABASE_URL` of the new database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the run's PostgreSQL server: a test that lists every session sees only
 * its own, and the store's migrations run from the start. `serverUrl` is any database's address on
 * that server (the services' `DATABASE_URL`). Its text sorts as English does (ICU's en-US, a
 * common production setting, where "_" comes before "0" and "a" before "A"), unlike the test
 * server's own C locale: an order the store relies on must be its own doing.
 */
export async function createDatabase(serverUrl: string, label: string): Promise<TestDatabase> {
  const name = `${label}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE 'C' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A new PostgreSQL database for the tests of this file, with one instance's storage and stores on
 * it, for tests of what only PostgreSQL does; each is set before the file's first test.
 */
export function onNewPostgres(label: string): { storage: Storage; stores: Stores; database: TestDatabase } {
  const on = {} as { storage: Storage; stores: Stores; database: TestDatabase };
  let postgres: Postgres;
  beforeAll(async () => {
    on.database = await createDatabase(inject('services').DATABASE_URL, label);
    postgres = await openPostgres(on.database.url, () => {});
    on.storage = await openPostgresStorage(postgres);
    on.stores = storesOn(on.storage);
  });
  afterAll(async () => {
    await on.storage.close();
    await postgres.close();
    await on.database.drop();
  });
  return on;
}

/**
 * The stores on the database a server of these settings uses (`DATABASE_URL`, else the SQLite
 * file in `DATA_DIR`), opened beside the server as the CLI commands open them.
 */
export async function storesBeside(env: { DATA_DIR: string; DATABASE_URL?: string | undefined }) {
  const postgres = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, () => {}) : undefined;
  const storage = postgres ? await openPostgresStorage(postgres) : await openSqliteStorage(env.DATA_DIR);
  return {
    stores: storesOn(storage),
    /** The database itself, for a test that checks a row is really gone. */
    reads: storage.reads,
    async close() {
      await storage.close();
      await postgres?.close();
    },
  };
}

/** A test id the catalogue does not hold, as one is after a deploy removed its test or its company. */
export const GONE_TEST = 'gone0001';

/**
 * The rows as a deploy that took their test out of the catalogue leaves them: named by a test it
 * does not hold (`GONE_TEST`), on the database of a server of these settings.
 */
export async function leaveCatalogue(
  env: { DATA_DIR: string; DATABASE_URL?: string | undefined },
  rows: { sessionIds?: string[]; invitationIds?: string[] },
): Promise<void> {
  const move = async (db: Db) => {
    const { sessionIds = [], invitationIds = [] } = rows;
    if (sessionIds.length > 0) {
      await db.updateTable('sessions').set({ test_id: GONE_TEST }).where('session_id', 'in', sessionIds).execute();
    }
    if (invitationIds.length > 0) {
      await db
        .updateTable('invitations')
        .set({ test_id: GONE_TEST })
        .where('invitation_id', 'in', invitationIds)
        .execute();
    }
  };
  if (env.DATABASE_URL) {
    const beside = await storesBeside(env);
    try {
      return await move(beside.reads);
    } finally {
      await beside.close();
    }
  }
  // The stores' SQLite connection for reads cannot write.
  const db = kyselyOf(openConnection(path.join(env.DATA_DIR, 'assessment.sqlite')));
  try {
    await move(db);
  } finally {
    await db.destroy();
  }
}

/** The two databases the API tests run on: SQLite in the data folder, or a new PostgreSQL database. */
export const TEST_DATABASES = [
  {
    name: 'SQLite',
    open: async (): Promise<{ env: { DATABASE_URL?: string }; drop(): Promise<void> }> => ({
      env: {},
      drop: async () => {},
    }),
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const database = await createDatabase(inject('services').DATABASE_URL, 'api_test');
      return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
    },
  },
];
