import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The hiring team's decisions: each candidate's current stage (none yet reads as `new`), every
 * change of it (who, when, from what), and the team's notes. All go with the session when it is
 * erased, except the stage in the demographic row, which the aggregate counts by stage keep.
 */
export const decisions = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('candidate_stages')
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.primaryKey().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('stage', dialect.column('text'), (column) => column.notNull())
      .addColumn('changed_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('stage_changes')
      .addColumn('change_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('from_stage', dialect.column('text'), (column) => column.notNull())
      .addColumn('to_stage', dialect.column('text'), (column) => column.notNull())
      .addColumn('reason', dialect.column('text'))
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('stage_changes_by_session').on('stage_changes').columns(['session_id', 'at']).execute();
    await db.schema
      .createTable('candidate_notes')
      .addColumn('note_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('body', dialect.column('text'), (column) => column.notNull())
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('candidate_notes_by_session')
      .on('candidate_notes')
      .columns(['session_id', 'at'])
      .execute();
    await db.schema
      .alterTable('demographics')
      .addColumn('stage', dialect.column('text'), (column) => column.notNull().defaultTo('new'))
      .execute();
  },
});
