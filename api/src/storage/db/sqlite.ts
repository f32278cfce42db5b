import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Kysely, type RawBuilder, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/sqlite';
import { workerModule } from '../../worker-file.ts';
import { STORE_ERRORS } from '../errors.ts';
import type { WriteName } from '../writes.ts';
import { type Db, type DeliveryJobs, type Dialect, type DueDelivery, triggerTiming } from './database.ts';
import { migrate } from './migrations/migrations.ts';
import type { Schema } from './schema.ts';
import type { Storage } from './storage.ts';

/** SQLite's side of what differs (`database.ts`). */
export const sqliteDialect: Dialect = {
  name: 'SQLite',
  column: (kind) => (kind === 'real' ? 'real' : kind === 'id' || kind === 'text' ? 'text' : 'integer'),
  // One writer holds the whole database for the length of its transaction.
  forUpdate: (query) => query,
  writableWith: false,
  coalesces: false,
  isUniqueViolation: (error) => {
    const code = (error as { code?: unknown }).code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  },
  isForeignKeyViolation: (error) => (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY',
  // Without Kysely's JSON-parsing plugin these come back as the JSON text the database made.
  jsonArrayFrom: (query) => jsonArrayFrom(query) as unknown as RawBuilder<string>,
  jsonObjectFrom: (query) => jsonObjectFrom(query) as unknown as RawBuilder<string | null>,
  textList: (values) => sql<string>`(SELECT value FROM json_each(${JSON.stringify(values)}))`,
  jsonText: (json, path) => sql<string | null>`json_extract(${json}, ${sql.lit(`$.${path.join('.')}`)})`,
  jsonArrayItems: (json, alias) => ({
    from: sql`json_each(${json}) AS ${sql.id(alias)}`,
    position: sql<number>`${sql.ref(`${alias}.key`)}`,
    item: sql<number | null>`${sql.ref(`${alias}.value`)}`,
  }),
  // A row is stored as it is written; nothing is compressed.
  compressFast: async () => {},
  createTrigger: async (db, trigger) => {
    const when = trigger.when ? ` WHEN ${trigger.when}` : '';
    const body = trigger.statements.map((statement) => `${statement};`).join('\n');
    await sql.raw(`CREATE TRIGGER ${trigger.name} ${triggerTiming(trigger)}${when} BEGIN\n${body}\nEND`).execute(db);
  },
  legacySchema: legacySqliteSchema,
};

const STATEMENTS_KEPT = 500;

/**
 * better-sqlite3 as Kysely drives it, with two changes: each statement is prepared once and kept
 * (Kysely prepares on every query), and booleans are bound as 1 and 0, which is how SQLite keeps
 * a flag and all better-sqlite3 binds.
 */
export function keptStatements(db: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  const bind = (parameters: readonly unknown[]) =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  return {
    close: () => db.close(),
    prepare(text) {
      let statement = kept.get(text);
      if (!statement) {
        statement = db.prepare(text);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
        kept.set(text, statement);
      }
      const prepared = statement;
      return {
        reader: prepared.reader,
        all: (parameters) => prepared.all(bind(parameters)),
        run: (parameters) => prepared.run(bind(parameters)),
        iterate: (parameters) => prepared.iterate(bind(parameters)),
      };
    },
  };
}

export function kyselyOf(db: Database.Database): Db {
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: keptStatements(db) }) });
}

/** An attempt taken from the rows themselves: the row's claim is all there is to it, and a row left alone stays due. */
const attemptOf = (deliveryId: string, companyId: string): DueDelivery => ({
  deliveryId,
  companyId,
  attempted: async () => {},
  later: async () => {},
});

/**
 * The rows of `deliveries` as their own queue, on a single machine: a row is due from its
 * `due_at`, which is its schedule. The rowid is the order they were queued in, which keeps a
 * company's messages due in the same millisecond in the order they happened. Each company's due
 * rows are numbered with the held ones (being sent) first: a row numbered past `perCompany` waits
 * for its company's lane, and leaves the batch to the other companies.
 */
export const rowsAsQueue = (db: Db): DeliveryJobs => ({
  schedule: async () => {},
  async due(now, limit, perCompany) {
    const placed = db
      .selectFrom('deliveries')
      .select([
        'delivery_id',
        'company_id',
        'due_at',
        'held_until',
        sql<number>`rowid`.as('queued_order'),
        sql<number>`row_number() OVER (PARTITION BY company_id ORDER BY held_until > ${now} DESC, due_at, rowid)`.as(
          'place',
        ),
      ])
      .where('state', '=', 'queued')
      .where('due_at', '<=', now);
    const rows = await db
      .selectFrom(placed.as('placed'))
      .select(['delivery_id', 'company_id'])
      .where('place', '<=', perCompany)
      .where('held_until', '<=', now)
      .orderBy('due_at')
      .orderBy('queued_order')
      .limit(limit)
      .execute();
    return rows.map((row) => attemptOf(row.delivery_id, row.company_id));
  },
  close: async () => {},
});

/** How long a connection waits for another that holds the file, before its statement fails. */
export const BUSY_TIMEOUT_MS = 5000;

/** The pragmas every connection to the file needs; WAL lets reads go on while the writer commits. */
export function openConnection(file: string): Database.Database {
  const db = new Database(file);
  // First, so that setting WAL on a new file waits for another instance instead of failing.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  return db;
}

/**
 * SQLite in `DATA_DIR/assessment.sqlite`, WAL. Writes go to one writer thread that commits them
 * in groups with synchronous=FULL (`sqlite-writer.worker.ts`), so an acknowledged write survives
 * power loss and no request waits on the event loop for another's fsync. Reads run here, on a
 * connection that cannot write. Migrations run before either opens.
 */
export async function openSqliteStorage(dataDir: string): Promise<Storage> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'assessment.sqlite');
  await migrateFile(file);
  const reader = openConnection(file);
  reader.pragma('query_only = ON');
  const writer = await startWriter(file).catch((error: unknown) => {
    reader.close();
    throw error;
  });
  const reads = kyselyOf(reader);
  return {
    reads,
    plannedReads: reads,
    dialect: sqliteDialect,
    deliveryJobs: rowsAsQueue(reads),
    write: (name, ...args) => writer.call(name, args) as never,
    async close() {
      await writer.close();
      await reads.destroy();
    },
  };
}

/** Migrations under way in this process, by file: see `migrateFile`. */
const migrating = new Map<string, Promise<void>>();

/**
 * Runs the migrations in a write transaction taken before anything is read: of two instances
 * starting at once on a new file, the second waits, then finds nothing left to do. Two in one
 * process take turns here first, since a connection waiting for the lock blocks its whole thread.
 */
async function migrateFile(file: string): Promise<void> {
  const before = migrating.get(file) ?? Promise.resolve();
  const turn = before.catch(() => {}).then(() => migrateNow(file));
  migrating.set(file, turn);
  try {
    await turn;
  } finally {
    if (migrating.get(file) === turn) migrating.delete(file);
  }
}

async function migrateNow(file: string): Promise<void> {
  const connection = openConnection(file);
  const db = kyselyOf(connection);
  try {
    connection.exec('BEGIN IMMEDIATE');
    await migrate(db, sqliteDialect, { inOpenTransaction: true });
    connection.exec('COMMIT');
  } finally {
    if (connection.inTransaction) connection.exec('ROLLBACK');
    await db.destroy();
  }
}

/** Messages between this thread and the writer thread. */
export interface WriteRequest {
  id: number;
  name: WriteName;
  args: unknown[];
}

export interface WriteReply {
  id: number;
  value?: unknown;
  /** A refusal (by its class name) or a failure; nothing of that write was stored. */
  error?: { name: string; message: string };
}

function toError(reply: NonNullable<WriteReply['error']>): Error {
  const Refusal = STORE_ERRORS[reply.name as keyof typeof STORE_ERRORS];
  const error = Refusal ? Object.create(Refusal.prototype) : new Error(reply.message);
  Object.assign(error, { name: reply.name, message: reply.message });
  return error;
}

/** The writer thread, and the promises of the writes it has not answered yet. */
async function startWriter(file: string) {
  const worker = new Worker(workerModule('storage/db/sqlite-writer.worker'), { workerData: { file } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | undefined;

  function failAll(error: Error): void {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(failure);
    pending.clear();
  }

  const [first] = (await once(worker, 'message')) as [unknown];
  if (first !== 'ready') throw new Error('The database writer did not start');
  worker.on('message', (replies: WriteReply[]) => {
    for (const reply of replies) {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error) waiter?.reject(toError(reply.error));
      else waiter?.resolve(reply.value);
    }
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', () => failAll(new Error('The database writer has stopped')));

  // The writes of one turn of the event loop go to the writer in one message, not one each.
  let outgoing: WriteRequest[] = [];
  function send(): void {
    worker.postMessage(outgoing);
    outgoing = [];
  }

  return {
    call(name: WriteName, args: unknown[]): Promise<unknown> {
      if (failure) return Promise.reject(failure);
      nextId += 1;
      const request: WriteRequest = { id: nextId, name, args };
      return new Promise((resolve, reject) => {
        pending.set(request.id, { resolve, reject });
        if (outgoing.length === 0) setImmediate(send);
        outgoing.push(request);
      });
    },
    async close() {
      if (failure) return;
      if (outgoing.length > 0) send();
      const exited = once(worker, 'exit');
      worker.postMessage('close');
      await exited;
    },
  };
}

/**
 * The schema SQLite databases had before the one migration history (`migrations/`), step by step
 * as they shipped; `PRAGMA user_version` remembers how far a database got. The first migration
 * of the history runs what a database still lacks of these, so a database of any earlier version
 * arrives at the same place as a new one. Never edited: they have shipped.
 */
const LEGACY_STEPS: string[][] = [
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

async function legacySqliteSchema(db: Db): Promise<void> {
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
  const current = rows[0]?.user_version ?? 0;
  for (let version = current; version < LEGACY_STEPS.length; version += 1) {
    for (const statement of LEGACY_STEPS[version] ?? []) await sql.raw(statement).execute(db);
    await sql.raw(`PRAGMA user_version = ${version + 1}`).execute(db);
  }
}
