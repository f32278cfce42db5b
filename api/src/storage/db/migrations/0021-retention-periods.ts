import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Each retention period a company has set, from when (`api/src/privacy/erasure.ts`): a candidate
 * is told the period in effect when they start, and is erased by it even if the company lengthens
 * it later. A company's period set before this history began counts from when it was set.
 */
export const retentionPeriods = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('retention_periods')
      .addColumn('company_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('from_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('retention_days', dialect.column('integer'), (column) => column.notNull())
      .addPrimaryKeyConstraint('retention_periods_key', ['company_id', 'from_at'])
      .execute();
    await db
      .insertInto('retention_periods')
      .columns(['company_id', 'from_at', 'retention_days'])
      .expression(db.selectFrom('company_settings').select(['company_id', 'updated_at', 'retention_days']))
      .execute();
  },
});
