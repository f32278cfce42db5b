import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * When the candidate pressed the quiz's start button, by the server's clock: the quiz deadline
 * counts from it (SPEC section 4). Null until then, and for a session from before it was kept,
 * whose deadline still counts from its registration.
 */
export const quizStart = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema.alterTable('sessions').addColumn('quiz_started_at', dialect.column('time')).execute();
  },
});
