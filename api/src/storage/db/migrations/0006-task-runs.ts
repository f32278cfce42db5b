import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** When each periodic task last started, and until when its run holds it: one run at a time across instances. */
export const taskRuns = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('task_runs')
      .addColumn('name', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('started_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('held_until', dialect.column('time'), (column) => column.notNull())
      .execute();
  },
});
