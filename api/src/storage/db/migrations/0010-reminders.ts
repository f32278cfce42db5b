import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** How long before an unstarted invitation expires its candidate is reminded, per company (0: never). */
export const reminders = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('reminder_settings')
      .addColumn('company_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('reminder_hours', dialect.column('integer'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('invitations_by_expiry').on('invitations').columns(['test_id', 'expires_at']).execute();
  },
});
