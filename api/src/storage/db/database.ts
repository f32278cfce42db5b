import type { ColumnDataType, Expression, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * The one data layer of the API: every query is written once, with Kysely, for both databases.
 * What really differs between them is named here and supplied by each database's set-up
 * (the set-up files beside this one): column types, row locks, writes in a `WITH`, how a broken
 * UNIQUE shows, JSON aggregation, and the schema each reached before the shared history. Nothing
 * else may branch on the database.
 */

export type Db = Kysely<Schema>;

/** Column types by what they hold; each database maps them to its own. */
export type ColumnKind = 'id' | 'text' | 'time' | 'integer' | 'real' | 'flag';

/**
 * A trigger that runs after each row's change: the same statements on both databases, plain SQL
 * that reads the row as `NEW` and `OLD` (as the event has them), with no parameters.
 */
export interface RowTrigger {
  /** Unique in the database; PostgreSQL's function of the trigger has it too. */
  name: string;
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  /** For an update: only one that sets one of these columns. */
  columns?: readonly string[];
  /** Only for the rows where this holds. */
  when?: string;
  statements: readonly string[];
}

/** When a trigger runs, in the words both databases take: `AFTER UPDATE OF a, b ON t FOR EACH ROW`. */
export const triggerTiming = ({ event, columns, table }: RowTrigger): string =>
  `AFTER ${event}${columns ? ` OF ${columns.join(', ')}` : ''} ON ${table} FOR EACH ROW`;

export interface Dialect {
  /** For log lines and errors only. */
  readonly name: string;
  column(kind: ColumnKind): ColumnDataType | Expression<unknown>;
  /**
   * Locks the rows a select reads until the transaction ends, where the database has row locks;
   * where it has a single writer, every write transaction holds the whole database already.
   */
  forUpdate<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>): SelectQueryBuilder<DB, TB, Row>;
  /**
   * Whether a statement's `WITH` may insert and update (PostgreSQL; not SQLite), so that a write
   * of several tables can be one statement. Where the database is a server, each statement is a
   * round trip; where it is a file written by one thread, statements cost little each.
   */
  readonly writableWith: boolean;
  /**
   * Whether the same statement of concurrent requests is better sent as one (`coalesced.ts`): each
   * statement to a server is a round trip; one to a file read in process costs little, and its
   * writes run one at a time in the writer thread.
   */
  readonly coalesces: boolean;
  /** Whether a write failed on a UNIQUE constraint or index. */
  isUniqueViolation(error: unknown): boolean;
  /** Whether a write failed on a FOREIGN KEY: the row it names is gone. */
  isForeignKeyViolation(error: unknown): boolean;
  /**
   * A subquery's rows as one column of JSON text (`[]` for none): a session and all its parts in
   * one statement. Text on both databases, so the reader parses it the same way.
   */
  jsonArrayFrom<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>): RawBuilder<string>;
  /** A subquery's first row as one column of JSON text, or null for none. */
  jsonObjectFrom<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>): RawBuilder<string | null>;
  /**
   * A list of texts as a parenthesized subquery of one column, bound as one parameter (the list as
   * JSON), for `in` and `not in`: a list of any length is then one statement text, prepared and kept
   * once (`sqlite.ts`, `postgres.ts`), and never more parameters than a database takes. Empty, it
   * has no rows, so `not in` holds for every row.
   */
  textList(values: readonly string[]): RawBuilder<string>;
  /** The text at `path` (property names) in a column of JSON text, or null where there is none. */
  jsonText(json: RawBuilder<string>, path: readonly string[]): RawBuilder<string | null>;
  /**
   * The items of a column's JSON array, as a table to join in a `FROM` (under `alias`): each item's
   * place from 0 (`position`) and its value as an integer (`item`, null for JSON null).
   */
  jsonArrayItems(
    json: RawBuilder<string>,
    alias: string,
  ): { from: RawBuilder<unknown>; position: RawBuilder<number>; item: RawBuilder<number | null> };
  /**
   * Has a text column's large values compressed by the fastest method the database offers, where it
   * compresses them itself; a no-op where it does not (`migrations/0019-fast-compression.ts`).
   */
  compressFast(db: Db, table: string, column: string): Promise<void>;
  /**
   * Creates a trigger, which the database runs in the transaction of the change itself: a table
   * derived from others is then kept by every writer of them, whatever its path.
   */
  createTrigger(db: Db, trigger: RowTrigger): Promise<void>;
  /**
   * Brings a database from before the one migration history to the schema both had then: each
   * database got there by steps of its own, at the end of its set-up file beside this one.
   */
  legacySchema(db: Db): Promise<void>;
}

/** When a delivery's next attempt is due. */
export interface DeliveryAttempt {
  deliveryId: string;
  at: number;
}

/** A delivery due for an attempt, and what to call once this instance has made it. */
export interface DueDelivery {
  deliveryId: string;
  /** The company it is sent for: the sender's lane (`mail/lanes.ts`). */
  companyId: string;
  attempted(): Promise<void>;
  /** Not attempted now, its company's lane being full: due again from `at`, for whichever instance takes it. */
  later(at: number): Promise<void>;
}

/**
 * The queue the outward deliveries (`deliveries/delivery-store.ts`) are handed out from: a kept job
 * queue where the database has one (`postgres-jobs.ts`), else the rows of `deliveries` themselves,
 * read by due time (`sqlite.ts`), for a single machine.
 */
export interface DeliveryJobs {
  /**
   * Schedules each delivery's next attempt at its `at`, in the transaction `db` belongs to; where
   * the rows are the queue, their due time is the schedule already.
   */
  schedule(db: Db, attempts: readonly DeliveryAttempt[]): Promise<void>;
  /**
   * Attempts due at `now`, each handed to this instance alone until it is attempted, put off
   * (`later`) or the instance dies; every company's first before any company's next, and no more
   * than `perCompany` of one company's at once where the queue can count them.
   */
  due(now: number, limit: number, perCompany: number): Promise<DueDelivery[]>;
  close(): Promise<void>;
}

/** What a write operation works with: the database, and how to make several statements one. */
export interface WriteContext {
  db: Db;
  dialect: Dialect;
  /** The queue of the deliveries' attempts. */
  deliveryJobs: DeliveryJobs;
  /**
   * Runs `work` so that it is stored whole or not at all, and only then resolves. Statements
   * outside it are committed one by one (or with the rest of a group, where one writer commits
   * writes in groups).
   */
  atomically<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * State this process keeps beside this database, made on first use: facts a write read that
   * can never change, remembered to save reading them again.
   */
  local<T>(name: string, create: () => T): T;
  /**
   * Called by a write that erases a person's data. Where the database keeps earlier versions of
   * its pages in a log beside its file (SQLite's WAL), the log is emptied once the write is
   * committed, so the erased bytes are not left readable there (SPEC section 0).
   */
  forgets(): void;
}

/**
 * A write of the store: an async function of the context and plain arguments (structured-clone
 * safe: on one database it runs in a writer thread). A refusal is thrown as one of
 * `STORE_ERRORS`; a refused write changes nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: each operation has arguments of its own
export type WriteOperation = (context: WriteContext, ...args: any[]) => Promise<unknown>;

export function defineWrites<const Writes extends Record<string, WriteOperation>>(writes: Writes): Writes {
  return writes;
}
