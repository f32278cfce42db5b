import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Greenhouse's Assessment Partner API (issue 56): the keys a company gives Greenhouse (their
 * hashes only), each test Greenhouse sent as a personal invitation with where to tell Greenhouse
 * once it is complete, and what Greenhouse reported it could not use of our answers.
 *
 * A test's row outlives its candidate's erasure as the invitation's does: the address and the
 * candidate's Greenhouse page are blanked, and only the hash of the address stays, so that a
 * repeated `send_test` still finds it and emails nobody again.
 */
export const greenhouse = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('partner_keys')
      .addColumn('key_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('company_id', dialect.column('text'), (column) => column.notNull())
      .addColumn('name', dialect.column('text'), (column) => column.notNull())
      .addColumn('key_hash', dialect.column('text'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('last_used_at', dialect.column('time'))
      .addColumn('revoked_at', dialect.column('time'))
      .execute();
    await db.schema.createIndex('partner_keys_by_company').on('partner_keys').column('company_id').execute();

    await db.schema
      .createTable('greenhouse_invitations')
      .addColumn('invitation_id', dialect.column('id'), (column) =>
        column.primaryKey().references('invitations.invitation_id').onDelete('cascade'),
      )
      .addColumn('company_id', dialect.column('text'), (column) => column.notNull())
      .addColumn('key_id', dialect.column('id'), (column) => column.notNull().references('partner_keys.key_id'))
      .addColumn('url_hash', dialect.column('text'), (column) => column.notNull())
      .addColumn('callback_url', dialect.column('text'), (column) => column.notNull())
      .addColumn('profile_url', dialect.column('text'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('erased_at', dialect.column('time'))
      .execute();
    await db.schema
      .createIndex('greenhouse_invitations_by_url')
      .on('greenhouse_invitations')
      .columns(['company_id', 'url_hash'])
      .unique()
      .execute();

    await db.schema
      .createTable('greenhouse_reports')
      .addColumn('report_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('company_id', dialect.column('text'), (column) => column.notNull())
      .addColumn('api_call', dialect.column('text'), (column) => column.notNull())
      .addColumn('errors', dialect.column('text'), (column) => column.notNull())
      .addColumn('partner_test_id', dialect.column('text'))
      .addColumn('partner_test_name', dialect.column('text'))
      .addColumn('partner_interview_id', dialect.column('text'))
      .addColumn('received_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('greenhouse_reports_by_company')
      .on('greenhouse_reports')
      .columns(['company_id', 'received_at'])
      .execute();
    await db.schema
      .createIndex('greenhouse_reports_by_interview')
      .on('greenhouse_reports')
      .column('partner_interview_id')
      .execute();
  },
});
