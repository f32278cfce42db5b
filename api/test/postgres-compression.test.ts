import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onNewPostgres } from './databases.ts';
import { answersOf, opened } from './store-contract/inputs.ts';

/**
 * A candidate's answers are compressed by PostgreSQL at every save; with lz4 rather than its
 * default (`migrations/0019-fast-compression.ts`). The answers read back are the answers saved.
 */
describe('answers compressed fast on PostgreSQL', () => {
  const on = onNewPostgres('compression');

  it('stores a large autosave compressed with lz4, and reads it back whole', async () => {
    const sessionId = await opened(on.stores.sessions);
    const paragraph = '<p>I would measure the latency of each call before changing the pool size.</p>';
    const answers: [string, string, string] = [paragraph.repeat(40), paragraph.repeat(30), '<p>Short.</p>'];
    await on.stores.sessions.saveAnswers({ ...answersOf(sessionId), answers });

    const { rows } = await sql<{ method: string | null; bytes: number }>`
      SELECT pg_column_compression(answers) AS method, pg_column_size(answers) AS bytes
      FROM answers WHERE session_id = ${sessionId}`.execute(on.storage.reads);
    expect(rows).toEqual([{ method: 'lz4', bytes: expect.any(Number) }]);
    expect(rows[0]?.bytes).toBeLessThan(JSON.stringify(answers).length / 4);
    expect((await on.stores.sessions.getSession(sessionId))?.answers?.answers).toEqual(answers);
  });
});
