import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Retention and erasure (SPEC section 0): each company's retention period; what is left of an
 * erased session (its random id and key hash, nothing about the person), so that the candidate's
 * browser is told the data was erased rather than that it never existed; and an erased
 * invitation's mark, its email and name then blanked.
 */
export const privacy = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('company_settings')
      .addColumn('company_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('retention_days', dialect.column('integer'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('erased_sessions')
      .addColumn('session_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('key_hash', dialect.column('id'))
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('erased_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('reason', dialect.column('text'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('erased_sessions_by_key').on('erased_sessions').column('key_hash').execute();
    await db.schema.alterTable('invitations').addColumn('erased_at', dialect.column('time')).execute();
  },
});
