import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The version of each company's stage reasons, and who saved it when: a save names the version it
 * was edited from and is made only if the list is still at it (`decisions/decision-store.ts`), so
 * that one admin never overwrites unseen what another saved meanwhile. A company with no row is at
 * version 0, its list (if any, saved before this history kept versions) by no one on record.
 */
export const stageReasonLists = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('stage_reason_lists')
      .addColumn('company_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('version', dialect.column('integer'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('saved_at', dialect.column('time'), (column) => column.notNull())
      .execute();
  },
});
