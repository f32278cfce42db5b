import { type Migration, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** The columns the access log had before this migration, copied as they were. */
const KEPT = [
  'entry_id',
  'session_id',
  'company_id',
  'actor',
  'actor_role',
  'action',
  'detail',
  'at',
  'address',
] as const;

/**
 * A look at the list of a test's invitations shows people who may have no session yet
 * (`api/src/privacy/access-records.ts`): an access-log entry is about a session or about a personal
 * invitation, exactly one of the two. Either goes with the person it is about: a session's entries
 * by the cascade, an invitation's when its session or the unused invitation itself is erased
 * (`api/src/storage/privacy/privacy-store.ts`).
 *
 * Neither database can let `session_id` be null in place the same way (SQLite cannot change a
 * column), so the table is made anew with every entry copied, and named as before.
 */
export const invitationLooks = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('access_log_next')
      .addColumn('entry_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('session_id', dialect.column('id'))
      .addColumn('invitation_id', dialect.column('id'))
      .addColumn('company_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('actor_role', dialect.column('text'), (column) => column.notNull())
      .addColumn('action', dialect.column('text'), (column) => column.notNull())
      .addColumn('detail', dialect.column('text'))
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .addColumn('address', dialect.column('text'), (column) => column.notNull())
      .addPrimaryKeyConstraint('access_log_key', ['entry_id'])
      .addForeignKeyConstraint('access_log_session', ['session_id'], 'sessions', ['session_id'], (key) =>
        key.onDelete('cascade'),
      )
      .addForeignKeyConstraint('access_log_invitation', ['invitation_id'], 'invitations', ['invitation_id'], (key) =>
        key.onDelete('cascade'),
      )
      .addCheckConstraint('access_log_about_one', sql`(session_id is null) <> (invitation_id is null)`)
      .execute();
    await db
      .insertInto('access_log_next')
      .columns([...KEPT])
      .expression(db.selectFrom('access_log').select([...KEPT]))
      .execute();
    await db.schema.dropTable('access_log').execute();
    await db.schema.alterTable('access_log_next').renameTo('access_log').execute();
    await db.schema.createIndex('access_log_by_session').on('access_log').columns(['session_id', 'at']).execute();
    await db.schema.createIndex('access_log_by_invitation').on('access_log').columns(['invitation_id', 'at']).execute();
    await db.schema
      .createIndex('access_log_by_company')
      .on('access_log')
      .columns(['company_id', 'at', 'entry_id'])
      .execute();
  },
});
