import pg from 'pg';

/**
 * `bigint` columns come back as numbers rather than pg's default strings: every one holds
 * milliseconds, a byte count or a revision, which the API's schemas keep within 2^53.
 */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);

/** A pool, or one of its connections inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * A statement of the session store. A named one is prepared once on each connection and then sent
 * with its values alone; one left unnamed (a list with optional filters) is planned for the values
 * of each call, as the filters left out drop out of its plan.
 */
export function statement<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  name?: string,
): (db: Queryable, values: unknown[]) => Promise<pg.QueryResult<Row>> {
  return (db, values) => db.query<Row>({ text, values, types, ...(name ? { name } : {}) });
}

/**
 * Runs `work` in one transaction on one pooled connection: committed when it returns, rolled back
 * when it throws. PostgreSQL answers COMMIT only once the commit is on disk (its default
 * `synchronous_commit = on`, which this store checks at start and never turns off), so whatever a
 * caller acknowledges after this resolves survives a crash of the database's machine.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (rollbackError) {
      // A connection that cannot even roll back is closed rather than handed to the next caller.
      client.release(rollbackError as Error);
    }
    throw error;
  }
}

/**
 * A 2xx must mean committed. A database (or role) set to `synchronous_commit = off` would answer
 * COMMIT before the commit is on disk, and a crash could lose writes the candidate was told were
 * saved, so the store refuses to start on one.
 */
export async function requireDurableCommits(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
  if (rows[0]?.synchronous_commit === 'off') {
    throw new Error(
      'PostgreSQL has synchronous_commit = off for this database or role: a saved answer could be lost in a crash. Set it to on (the default).',
    );
  }
}
