import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Messages sent outward (email today), each queued in the transaction of the change that causes
 * it and kept as the company's delivery log. `idempotency_key` names the cause: one message per
 * cause, however often the change is retried. A candidate's messages go with their session when
 * it is erased (the invitation's by the erasure itself, which keeps the invitation row).
 */
export const deliveries = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('deliveries')
      .addColumn('delivery_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('idempotency_key', dialect.column('text'), (column) => column.notNull().unique())
      .addColumn('company_id', dialect.column('text'), (column) => column.notNull())
      .addColumn('kind', dialect.column('text'), (column) => column.notNull())
      .addColumn('recipient', dialect.column('text'), (column) => column.notNull())
      .addColumn('invitation_id', dialect.column('id'))
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('state', dialect.column('text'), (column) => column.notNull())
      .addColumn('attempts', dialect.column('integer'), (column) => column.notNull().defaultTo(0))
      .addColumn('due_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('held_until', dialect.column('time'), (column) => column.notNull().defaultTo(0))
      .addColumn('last_error', dialect.column('text'))
      .addColumn('sent_at', dialect.column('time'))
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('deliveries_due').on('deliveries').columns(['state', 'due_at']).execute();
    await db.schema
      .createIndex('deliveries_by_company')
      .on('deliveries')
      .columns(['company_id', 'created_at'])
      .execute();
    await db.schema.createIndex('deliveries_by_invitation').on('deliveries').column('invitation_id').execute();
  },
});
