import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Each company's webhook endpoint and its signing secret (Standard Webhooks), and what an outward
 * delivery carries beyond an email: a webhook's event as JSON, and the last HTTP status it got.
 */
export const webhooks = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('company_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('url', dialect.column('text'), (column) => column.notNull())
      .addColumn('secret', dialect.column('text'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.alterTable('deliveries').addColumn('payload', dialect.column('text')).execute();
    await db.schema.alterTable('deliveries').addColumn('last_status', dialect.column('integer')).execute();
  },
});
