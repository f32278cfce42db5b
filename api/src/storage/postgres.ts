import pg from 'pg';

/**
 * A vanished instance's locks are freed only once PostgreSQL notices its connection is dead. Over
 * TCP that takes the operating system's keepalive (two hours by default) unless the connection asks
 * for sooner: these make it about a minute. They are ignored on a unix socket, where a dead peer is
 * seen at once.
 */
const SERVER_KEEPALIVES = '-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3';

/** One process's way into PostgreSQL (`DATABASE_URL`), shared by everything in it that needs the database. */
export interface Postgres {
  /** For queries and transactions; a connection goes back to the pool when each is done. */
  readonly pool: pg.Pool;
  /**
   * A connection of its own, outside the pool, for state that lives as long as a session does:
   * advisory locks and LISTEN. The caller closes it.
   */
  dedicatedClient(): Promise<pg.Client>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function openPostgres(databaseUrl: string, onError: (error: Error) => void): Postgres {
  const settings: pg.ClientConfig = {
    connectionString: databaseUrl,
    application_name: 'assessment-api',
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    options: SERVER_KEEPALIVES,
  };
  const pool = new pg.Pool({ ...settings, max: 10, idleTimeoutMillis: 30_000 });
  // An idle pooled connection that breaks (a database restart) is replaced on next use; without a
  // listener its error would end the process.
  pool.on('error', onError);
  return {
    pool,
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
