import { sampleTestId } from '@assessment/core';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onNewPostgres } from './databases.ts';

/**
 * The PostgreSQL store keeps its statements prepared (`keptStatements` in `postgres.ts`). A kept
 * plan of `select *` fails once its table gains a column, which another instance's migration may
 * do while this one runs: those are never kept, and every other kept statement is planned again.
 */
describe('statements kept prepared on PostgreSQL', () => {
  const on = onNewPostgres('kept_statements');

  const kept = async () =>
    (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(on.storage.reads)).rows.map(
      (row) => row.statement,
    );
  // More at once than the pool has connections, so that every connection runs each.
  const onEveryConnection = <T>(read: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, read));

  it('keeps a statement once run, never a select *, and both answer after their table gains a column', async () => {
    const invitation = {
      invitationId: 'inv_kept',
      testId: sampleTestId,
      invitationToken: 'kept'.padEnd(26, 'x'),
      email: 'kept@mail.example',
      name: null,
      createdAt: 1_760_000_000_000,
      expiresAt: 1_760_086_400_000,
      extraTimePercent: 25,
    };
    await on.stores.invitations.createInvitation(invitation);
    const read = async () => [
      await onEveryConnection(() => on.stores.invitations.getInvitation('inv_kept')),
      await onEveryConnection(() => on.stores.sessions.getSession('no such session')),
    ];
    const before = await read();
    expect(before[0]?.[0]).toMatchObject({ invitationId: 'inv_kept', extraTimePercent: 25 });
    const statements = await kept();
    expect(statements.some((text) => text.includes('from "sessions"'))).toBe(true);
    expect(statements.filter((text) => /select \*|"\.\*/.test(text))).toEqual([]);

    const other = new pg.Client({ connectionString: on.database.url });
    await other.connect();
    try {
      await other.query('ALTER TABLE invitations ADD COLUMN kept_note text');
      await other.query('ALTER TABLE sessions ADD COLUMN kept_note text');
    } finally {
      await other.end();
    }
    expect(await read()).toEqual(before);
  });

  it('keeps no statement of the Insights, which PostgreSQL must plan for each period (`Storage.plannedReads`)', async () => {
    const scope = {
      testIds: [sampleTestId],
      from: 1_759_968_000_000,
      to: 1_760_054_400_000,
      reviewerId: 'no reviewer',
      quizTimeMs: new Map([[sampleTestId, 1_200_000]]),
      rubricVersion: null,
    };
    await onEveryConnection(() => on.stores.insights.counts(scope));
    await onEveryConnection(() => on.stores.insights.ratings(scope));
    expect((await kept()).filter((text) => /insight_facts|ratings/.test(text))).toEqual([]);
  });
});
