import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A section that failed in front of the candidate, and when it showed again (issue 58): one row
 * per failure, so reviewers see the minutes a candidate lost to the product and not to themselves.
 * The times are the candidate's computer clock, as the proctoring events'. The rows go with the
 * session when that is erased.
 */
export const sectionTroubles = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('section_troubles')
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('trouble_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('kind', dialect.column('text'), (column) => column.notNull())
      .addColumn('started_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('ended_at', dialect.column('time'))
      .addColumn('received_at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('section_troubles_key', ['session_id', 'trouble_id'])
      .execute();
  },
});
