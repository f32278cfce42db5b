import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Browsers a reviewer has signed in from (`api/src/review/reviewer-auth.ts`): a sign-in from
 * one of them is counted against that browser, not against its address, so nobody else at the
 * address can spend the limits that would keep the reviewer out. Only the SHA-256 of the cookie's
 * secret is kept; each goes with its reviewer, and with an admin's reset of their access.
 */
export const trustedBrowsers = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('trusted_browsers')
      .addColumn('browser_hash', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('reviewer_id', dialect.column('id'), (column) =>
        column.notNull().references('reviewers.reviewer_id').onDelete('cascade'),
      )
      .addColumn('expires_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('trusted_browsers_by_reviewer').on('trusted_browsers').column('reviewer_id').execute();
  },
});
