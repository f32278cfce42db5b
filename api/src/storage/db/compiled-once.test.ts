import v8 from 'node:v8';
import vm from 'node:vm';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { compiledForEachCount, compiledOnce, standIns } from './compiled-once.ts';
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

  it('keeps no call’s values once it is answered, the first of each count included', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const db = database();
    type Row = { session_id: string; payload: Uint8Array };
    const store = compiledForEachCount<Row, never>((db, rows) =>
      db.insertInto('feedback').values(rows.map((value) => standIns<Row>(['session_id', 'payload'], value) as never)),
    );
    // A candidate's answer is a value like any other: the query must not hold it after its call.
    // (A buffer here, as an answer's text cannot be watched for collection.)
    let answer: Uint8Array | undefined = Buffer.from('an answer');
    const gone = new WeakRef(answer);
    await store(db, [
      { session_id: 'first-1', payload: answer },
      { session_id: 'first-2', payload: Buffer.from('another') },
    ]);
    answer = undefined;
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(gone.deref()).toBeUndefined();
    await store(db, [
      { session_id: 'again-1', payload: Buffer.from('x') },
      { session_id: 'again-2', payload: Buffer.from('y') },
    ]);
    expect(await db.selectFrom('feedback').select('session_id').orderBy('session_id').execute()).toHaveLength(4);
  });
});
