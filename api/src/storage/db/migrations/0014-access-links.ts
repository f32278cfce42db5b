import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * One-time links with which a teammate sets their password (issue 24): an admin's invitation of a
 * new reviewer, or a reset of one's access. Only a hash of the link's secret is kept; a link goes
 * with its reviewer. A reviewer who has not set a password yet has an empty `password_hash`,
 * which no password matches.
 */
export const accessLinks = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('access_links')
      .addColumn('link_hash', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('reviewer_id', dialect.column('id'), (column) =>
        column.notNull().references('reviewers.reviewer_id').onDelete('cascade'),
      )
      .addColumn('purpose', dialect.column('text'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('expires_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('used_at', dialect.column('time'))
      .execute();
    await db.schema.createIndex('access_links_by_reviewer').on('access_links').column('reviewer_id').execute();
  },
});
