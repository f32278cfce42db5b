import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { openPostgres, openPostgresStorage } from '../../src/storage/db/postgres.ts';
import { openSqliteStorage } from '../../src/storage/db/sqlite.ts';
import type { Storage } from '../../src/storage/db/storage.ts';
import { type Stores, storesOn } from '../../src/storage/stores.ts';
import { createDatabase } from '../databases.ts';
import { tempDataDir } from '../helpers.ts';

type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer All) => void
  ? All
  : never;

/** Every topic's store on one database, as one object: the contract covers them together. */
export type AllStores = Intersection<Stores[keyof Stores]>;

function allStores(storage: Storage): AllStores {
  return Object.assign({}, ...Object.values(storesOn(storage)));
}

/** One instance of the stores, as one API process has it. */
export interface StoreInstance {
  store: AllStores;
  /** Closes the store and whatever it was opened on (PostgreSQL: the instance's pool). */
  close(): Promise<void>;
}

/** An empty database of one back end, and the store instances opened on it. */
export interface DatabaseUnderTest {
  /** A store on this database, as one more API instance opens it (migrations included). */
  openInstance(): Promise<StoreInstance>;
  /** A session as it was stored before session keys existed: with no key hash. */
  insertSessionWithoutKey(sessionId: string, testId: string, startedAt: number): Promise<void>;
  /** Closes every instance still open and removes the database. */
  remove(): Promise<void>;
}

export interface BackEnd {
  name: string;
  createDatabase(): Promise<DatabaseUnderTest>;
}

/** Closes what it opened, in reverse, however many instances a test left open. */
function instanceList() {
  const open = new Set<StoreInstance>();
  return {
    track(instance: StoreInstance): StoreInstance {
      const tracked = {
        store: instance.store,
        async close() {
          if (!open.delete(tracked)) return;
          await instance.close();
        },
      };
      open.add(tracked);
      return tracked;
    },
    closeAll: () => Promise.all([...open].map((instance) => instance.close())),
  };
}

const sqlite: BackEnd = {
  name: 'SQLite',
  async createDatabase() {
    const dataDir = tempDataDir();
    const instances = instanceList();
    return {
      async openInstance() {
        const storage = await openSqliteStorage(dataDir);
        return instances.track({ store: allStores(storage), close: () => storage.close() });
      },
      async insertSessionWithoutKey(sessionId, testId, startedAt) {
        const db = new Database(path.join(dataDir, 'assessment.sqlite'));
        try {
          db.prepare('INSERT INTO sessions (session_id, test_id, started_at) VALUES (?, ?, ?)').run(
            sessionId,
            testId,
            startedAt,
          );
        } finally {
          db.close();
        }
      },
      async remove() {
        await instances.closeAll();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: BackEnd = {
  name: 'PostgreSQL',
  async createDatabase() {
    const database = await createDatabase(inject('services').DATABASE_URL, 'store_contract');
    const instances = instanceList();
    return {
      async openInstance() {
        const connection = await openPostgres(database.url, () => {});
        try {
          const storage = await openPostgresStorage(connection);
          return instances.track({
            store: allStores(storage),
            async close() {
              await storage.close();
              await connection.close();
            },
          });
        } catch (error) {
          await connection.close();
          throw error;
        }
      },
      async insertSessionWithoutKey(sessionId, testId, startedAt) {
        const connection = await openPostgres(database.url, () => {});
        try {
          await connection.pool.query('INSERT INTO sessions (session_id, test_id, started_at) VALUES ($1, $2, $3)', [
            sessionId,
            testId,
            startedAt,
          ]);
        } finally {
          await connection.close();
        }
      },
      async remove() {
        await instances.closeAll();
        await database.drop();
      },
    };
  },
};

/** Every back end the store contract runs against: the same tests, two databases. */
export const backEnds: BackEnd[] = [sqlite, postgres];

/** Two instances' stores on one database, as two API processes behind a balancer have them. */
export async function twoInstances(database: DatabaseUnderTest): Promise<[AllStores, AllStores]> {
  const [a, b] = await Promise.all([database.openInstance(), database.openInstance()]);
  return [a.store, b.store];
}
