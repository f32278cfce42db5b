import { knownSessions } from './known-sessions.ts';
import type { Postgres } from './postgres.ts';
import { migratePostgres } from './postgres-migrations.ts';
import { createPostgresReads } from './postgres-reads.ts';
import { createPostgresReviewReads } from './postgres-review-reads.ts';
import { requireDurableCommits } from './postgres-statements.ts';
import { createPostgresWrites } from './postgres-writes.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Sessions in PostgreSQL (`DATABASE_URL`), shared by every API instance, through the process's one
 * pool. Each write is committed before it resolves; what must hold while several instances write
 * at once is decided by the database (see `postgres-writes.ts`). The pool belongs to the caller,
 * who closes it after the store.
 */
export async function openPostgresSessionStore(postgres: Postgres): Promise<SessionStore> {
  await requireDurableCommits(postgres.pool);
  await migratePostgres(postgres.pool);
  const known = knownSessions();
  return {
    ...createPostgresWrites(postgres.pool, known),
    ...createPostgresReads(postgres.pool, known),
    ...createPostgresReviewReads(postgres.pool),
    close: async () => {},
  };
}
