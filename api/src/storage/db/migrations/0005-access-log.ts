import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Every look at a candidate by the company or the operator, on record (SPEC section 0): who, as
 * what, when, from where. A candidate's entries go with their session when it is erased.
 */
export const accessLog = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('access_log')
      .addColumn('entry_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('company_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('actor_role', dialect.column('text'), (column) => column.notNull())
      .addColumn('action', dialect.column('text'), (column) => column.notNull())
      .addColumn('detail', dialect.column('text'))
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .addColumn('address', dialect.column('text'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('access_log_by_session').on('access_log').columns(['session_id', 'at']).execute();
    await db.schema
      .createIndex('access_log_by_company')
      .on('access_log')
      .columns(['company_id', 'at', 'entry_id'])
      .execute();
  },
});
