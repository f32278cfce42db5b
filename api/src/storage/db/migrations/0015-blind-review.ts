import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Blind review (issue 24): a test's setting, where an admin set one, and each reviewer's choice to
 * show a candidate they have not rated yet. A reveal goes with the session when that is erased.
 */
export const blindReview = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('blind_review_settings')
      .addColumn('test_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('blind', dialect.column('flag'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('reveals')
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('reviewer_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('reveals_key', ['session_id', 'reviewer_id'])
      .execute();
  },
});
