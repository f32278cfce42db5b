import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The reasons a company's reviewers choose from when they move a candidate to a stage (issue 24),
 * in the order its admin listed them. A fixed list keeps a decision's reason to what the company
 * stands behind; the reasons given before it, as free text, stay on each candidate's record.
 */
export const stageReasons = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('stage_reasons')
      .addColumn('company_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('position', dialect.column('integer'), (column) => column.notNull())
      .addColumn('reason', dialect.column('text'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('stage_reasons_key', ['company_id', 'position'])
      .execute();
  },
});
