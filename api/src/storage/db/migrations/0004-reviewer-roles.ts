import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A company has admins and reviewers. Every account made before roles existed was made by the
 * operator for the company's own use, so it becomes an admin.
 */
export const reviewerRoles = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .alterTable('reviewers')
      .addColumn('role', dialect.column('text'), (column) => column.notNull().defaultTo('admin'))
      .execute();
  },
});
