import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import { kyselyOf } from './sqlite.ts';

/** A database with one table of the schema's, enough for the queries below. */
function database() {
  const connection = new Database(':memory:');
  connection.exec(
    'CREATE TABLE feedback (session_id TEXT PRIMARY KEY, payload TEXT, received_at INTEGER, updated_at INTEGER, current_score INTEGER)',
  );
  return kyselyOf(connection);
}

describe('compiledOnce', () => {
  it('builds the query once and runs it with each call’s values, constants kept', async () => {
    const db = database();
    let built = 0;
    const store = compiledOnce<{ sessionId: string; score: number }, never>((db, value) => {
      built += 1;
      return db.insertInto('feedback').values({
        session_id: value('sessionId'),
        payload: '{}',
        received_at: 7,
        updated_at: 7,
        current_score: value('score'),
      });
    });
    const scoreOf = compiledOnce<{ sessionId: string }, { current_score: number }>((db, value) =>
      db.selectFrom('feedback').select('current_score').where('session_id', '=', value('sessionId')),
    );
    await store(db, { sessionId: 'one', score: 3 });
    await store(db, { sessionId: 'two', score: 5 });
    expect(built).toBe(1);
    expect((await scoreOf(db, { sessionId: 'two' })).rows).toEqual([{ current_score: 5 }]);
    expect((await scoreOf(db, { sessionId: 'one' })).rows).toEqual([{ current_score: 3 }]);
    expect((await db.selectFrom('feedback').select(['payload', 'received_at']).execute()).at(-1)).toEqual({
      payload: '{}',
      received_at: 7,
    });
  });

  it('refuses a value that would shape the SQL rather than be sent with it', async () => {
    const db = database();
    const listed = compiledOnce<{ ids: string[] }, { session_id: string }>((db, value) =>
      db
        .selectFrom('feedback')
        .select('session_id')
        .where('session_id', 'in', [value('ids')[0] as string]),
    );
    await expect(listed(db, { ids: ['one'] })).rejects.toThrow('must send ids as parameters');
  });
});
