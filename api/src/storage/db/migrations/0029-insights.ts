import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The company's Insights (`api/src/storage/insights/insights-store.ts`, issue 57): when each
 * personal invitation's link was first and last opened before anyone registered with it, for the
 * funnel's "opened the link" and the reminders that brought someone back; it goes with whom the
 * invitation was for when they are erased (`api/src/storage/privacy/privacy-store.ts`).
 *
 * And the indexes its figures read instead of the rows: every figure is counted in the database
 * from a test's sessions, each joined to its parts by these. An answers row holds the three
 * answers' HTML before `submitted_at`: read from the row, each session's one time would cost
 * its whole answers, page after page.
 */
export const insights = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('invitation_opens')
      .addColumn('invitation_id', dialect.column('id'), (column) =>
        column.primaryKey().references('invitations.invitation_id').onDelete('cascade'),
      )
      .addColumn('first_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('last_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema.createIndex('answers_submitted').on('answers').columns(['session_id', 'submitted_at']).execute();
    await db.schema.createIndex('videos_completed').on('videos').columns(['session_id', 'completed_at']).execute();
    await db.schema.createIndex('feedback_received').on('feedback').columns(['session_id', 'received_at']).execute();
  },
});
