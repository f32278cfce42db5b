import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
