import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type pg from 'pg';
import { WRITES } from '../writes.ts';
import { type Db, type Dialect, triggerTiming, type WriteContext, type WriteOperation } from './database.ts';
import { migrate } from './migrations/migrations.ts';
import { openDeliveryJobs } from './postgres-jobs.ts';
import type { Schema } from './schema.ts';
import type { Storage } from './storage.ts';

/**
 * A vanished instance's locks are freed only once PostgreSQL notices its connection is dead. Over
 * TCP that takes the operating system's keepalive (two hours by default) unless the connection asks
 * for sooner: these make it about a minute. They are ignored on a unix socket, where a dead peer is
 * seen at once.
 */
const SERVER_KEEPALIVES = '-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3';

/**
 * PostgreSQL compiles a plan to machine code (JIT) once its estimated cost is high, which the
 * Insights' one statement over a test's sessions reaches (`insights/insights-store.ts`): compiling
 * took 1.4 of its 2.3 s at 100,000 sessions (`pnpm bench insights`). Every statement of the API
 * runs in milliseconds, far below what compiling costs.
 */
const NO_JIT = '-c jit=off';

/**
 * The driver, loaded once a process opens PostgreSQL rather than when it starts: a process on
 * SQLite (the default, and each command run beside the server) never spends its load.
 */
const loadPg = async (): Promise<typeof pg> => (await import('pg')).default;

/** One process's way into PostgreSQL (`DATABASE_URL`), shared by everything in it that needs the database. */
export interface Postgres {
  /** For queries and transactions; a connection goes back to the pool when each is done. */
  readonly pool: pg.Pool;
  /** How every connection of this process is made. */
  readonly settings: pg.PoolConfig;
  /**
   * A connection of its own, outside the pool, for state that lives as long as a session does:
   * advisory locks and LISTEN. The caller closes it.
   */
  dedicatedClient(): Promise<pg.Client>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Where a broken connection of this process is told. */
  readonly onError: (error: Error) => void;
  close(): Promise<void>;
}

export async function openPostgres(databaseUrl: string, onError: (error: Error) => void): Promise<Postgres> {
  const pg = await loadPg();
  // `bigint` columns come back as numbers rather than pg's default strings: every one holds
  // milliseconds, a byte count, a revision or a count, which the API keeps within 2^53.
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  const settings: pg.PoolConfig = {
    connectionString: databaseUrl,
    application_name: 'assessment-api',
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    options: `${SERVER_KEEPALIVES} ${NO_JIT}`,
    types,
  };
  const pool = new pg.Pool({ ...settings, max: 10, idleTimeoutMillis: 30_000 });
  // An idle pooled connection that breaks (a database restart) is replaced on next use; without a
  // listener its error would end the process. The pool listens only while a connection is idle: one
  // checked out between two statements (a transaction, a periodic task) needs its own listener too.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return {
    pool,
    settings,
    onError,
    async dedicatedClient() {
      const client = new pg.Client(settings);
      client.on('error', onError);
      await client.connect();
      return client;
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/** As many statements as SQLite keeps prepared (`sqlite.ts`); past them, a statement is parsed each time. */
const STATEMENTS_KEPT = 500;

/**
 * The pool as Kysely drives it, with each statement prepared once per connection and kept, under
 * a name of its text, as `sqlite.ts` keeps SQLite's: Kysely sends every query unnamed, so
 * PostgreSQL parses and plans it anew each time, and in the crowd of `pnpm bench crowd` that was
 * a quarter of the database's CPU (`bench/README.md`). Not kept: a `select *`, whose kept plan
 * would fail once another instance's migration added a column, and statements without values.
 * Reads whose plan should follow their values go unnamed instead (`Storage.plannedReads`).
 */
function keptStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < STATEMENTS_KEPT && !/select \*|"\.\*/.test(text)) {
      name = `kept_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: string, values: readonly unknown[]) =>
      client.query({ name: values.length > 0 ? nameOf(text) : undefined, text, values: [...values] });
    // Kysely streams through a cursor only when its dialect is given one, and this one is not.
    return { query: query as unknown as PostgresPoolClient['query'], release: (destroy) => client.release(destroy) };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let kept = clients.get(client);
      if (!kept) {
        kept = wrap(client);
        clients.set(client, kept);
      }
      return kept;
    },
    end: () => pool.end(),
  };
}

/** PostgreSQL's side of what differs (`database.ts`). */
export const postgresDialect: Dialect = {
  name: 'PostgreSQL',
  column: (kind) => {
    switch (kind) {
      case 'id':
        return sql`text COLLATE "C"`;
      case 'text':
        return 'text';
      case 'time':
        return 'bigint';
      case 'integer':
        return 'integer';
      case 'real':
        return 'double precision';
      case 'flag':
        return 'boolean';
    }
  },
  forUpdate: (query) => query.forUpdate(),
  writableWith: true,
  coalesces: true,
  isUniqueViolation: (error) => (error as { code?: unknown }).code === '23505',
  isForeignKeyViolation: (error) => (error as { code?: unknown }).code === '23503',
  jsonArrayFrom: (query) => sql<string>`(${jsonArrayFrom(query)})::text`,
  jsonObjectFrom: (query) => sql<string | null>`(${jsonObjectFrom(query)})::text`,
  textList: (values) => sql<string>`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`,
  jsonText: (json, path) => sql<string | null>`(${json}::json #>> ${sql.lit(`{${path.join(',')}}`)})`,
  // ORDINALITY counts from 1; a JSON null comes out as SQL null.
  jsonArrayItems: (json, alias) => ({
    from: sql`json_array_elements_text(${json}::json) WITH ORDINALITY AS ${sql.id(alias)}(item, position)`,
    position: sql<number>`(${sql.ref(`${alias}.position`)} - 1)`,
    item: sql<number | null>`CAST(${sql.ref(`${alias}.item`)} AS integer)`,
  }),
  compressFast: async (db, table, column) => {
    // lz4 where this server was built with it (PostgreSQL 14 and later, as Debian builds it);
    // otherwise the default, pglz, stays.
    const { rows } = await sql<{ lz4: boolean }>`
      SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db);
    if (rows[0]?.lz4)
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET COMPRESSION lz4`.execute(db);
  },
  // A trigger runs a function: one of its own, in PL/pgSQL, whose body is the statements.
  createTrigger: async (db, trigger) => {
    const body = trigger.statements.map((statement) => `${statement};`).join('\n');
    await sql
      .raw(`CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $trigger$
BEGIN
${body}
RETURN NULL;
END
$trigger$`)
      .execute(db);
    const when = trigger.when ? ` WHEN (${trigger.when})` : '';
    await sql
      .raw(`CREATE TRIGGER ${trigger.name} ${triggerTiming(trigger)}${when} EXECUTE FUNCTION ${trigger.name}()`)
      .execute(db);
  },
  legacySchema: legacyPostgresSchema,
};

/**
 * The advisory lock migrations run under, in the two-integer key space (`pg_advisory_lock(int,
 * int)`), which never meets the 64-bit keys of the upload locks (`postgres-locker.ts`). The first
 * key is "asmt" in ASCII. Kysely's migrator takes a lock of its own only after it has created its
 * tables, which instances starting together would race on; this one is taken before.
 */
const MIGRATION_LOCK = [0x61736d74, 1];

/**
 * Creates or upgrades the schema, at every start of every instance, on one connection of its own
 * that holds the lock: the first instance applies what is missing, the others then find nothing
 * left to do. The lock belongs to the connection, so an instance that dies while it migrates frees it.
 * `then` runs still under the lock: pg-boss's own set-up, which deadlocks when instances that start
 * together run it at once.
 */
async function migrateUnderLock<T>(settings: pg.PoolConfig, then: () => Promise<T>): Promise<T> {
  const pg = await loadPg();
  const pool = new pg.Pool({ ...settings, max: 1 });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`.execute(db);
    await migrate(db, postgresDialect);
    return await then();
  } finally {
    // Ending the only connection frees the lock, whatever happened.
    await db.destroy();
  }
}

/**
 * A 2xx must mean committed. A database (or role) set to `synchronous_commit = off` would answer
 * COMMIT before the commit is on disk, and a crash could lose writes the candidate was told were
 * saved, so the store refuses to start on one. With it on (the default), COMMIT answers only once
 * the commit is on disk.
 */
async function requireDurableCommits(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
  if (rows[0]?.synchronous_commit === 'off') {
    throw new Error(
      'PostgreSQL has synchronous_commit = off for this database or role: a saved answer could be lost in a crash. Set it to on (the default).',
    );
  }
}

/**
 * The stores' database in PostgreSQL (`DATABASE_URL`), shared by every API instance, through the
 * process's one pool. Each write runs here and is committed before it resolves; what must hold
 * while several instances write at once is decided by the database, in the statements themselves.
 * The pool belongs to the caller, who closes it after the storage.
 */
export async function openPostgresStorage(postgres: Postgres): Promise<Storage> {
  await requireDurableCommits(postgres.pool);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: keptStatements(postgres.pool) }) });
  // Kysely's own driver sends every statement unnamed, which PostgreSQL plans for its values.
  const plannedReads = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: postgres.pool }) });
  const deliveryJobs = await migrateUnderLock(postgres.settings, () => openDeliveryJobs(postgres, db));
  const localState = new Map<string, unknown>();
  const context: WriteContext = {
    db,
    dialect: postgresDialect,
    deliveryJobs,
    atomically: (work) => db.transaction().execute(work),
    local: <T>(name: string, create: () => T): T => {
      if (!localState.has(name)) localState.set(name, create());
      return localState.get(name) as T;
    },
    // The server's own log and dead rows are recycled by the server (DEPLOY.md, "What an erasure reaches on disk").
    forgets: () => {},
  };
  return {
    reads: db,
    plannedReads,
    dialect: postgresDialect,
    deliveryJobs,
    write: (name, ...args) => (WRITES[name] as WriteOperation)(context, ...args) as never,
    // The pool is the caller's: Kysely's destroy would end it. pg-boss's own pool is the storage's.
    close: () => deliveryJobs.close(),
  };
}

/**
 * The schema PostgreSQL databases had before the one migration history (`migrations/`), step by
 * step as they shipped; the one row of `schema_version` remembers how far a database got. As in
 * `sqlite.ts`: the first migration runs what a database still lacks. Ids are compared byte
 * by byte (`COLLATE "C"`), as SQLite compares them; times are milliseconds (`bigint`); free texts
 * a candidate sent are JSON text, because PostgreSQL's text cannot hold the NUL character that JSON
 * writes as `\u0000`. Never edited: they have shipped.
 */
const LEGACY_STEPS: string[][] = [
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

async function legacyPostgresSchema(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS schema_version (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    version integer NOT NULL
  )`.execute(db);
  await sql`INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING`.execute(db);
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db);
  for (let version = rows[0]?.version ?? 0; version < LEGACY_STEPS.length; version += 1) {
    for (const statement of LEGACY_STEPS[version] ?? []) await sql.raw(statement).execute(db);
    await sql`UPDATE schema_version SET version = ${version + 1}`.execute(db);
  }
}
