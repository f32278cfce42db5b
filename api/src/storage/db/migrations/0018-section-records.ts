import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * What a section keeps of its own (issue 23): one row per session and section, its newest record
 * as the section's registry entry checked it. A new section that keeps a record needs no table of
 * its own; the row goes with the session when that is erased.
 */
export const sectionRecords = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('section_records')
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('record', dialect.column('text'), (column) => column.notNull())
      .addColumn('received_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('section_records_key', ['session_id', 'section_id'])
      .execute();
  },
});
