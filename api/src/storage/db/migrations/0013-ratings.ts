import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The hiring team's ratings (issue 24). A test's rubric is kept by version: a version is changed
 * in place until a rating is given under it, then a change makes the next version, and every
 * rating keeps the version it was given under. One rating per reviewer and candidate, replaced
 * when they rate again; it goes with the session when that is erased.
 */
export const ratings = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('rubrics')
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('version', dialect.column('integer'), (column) => column.notNull())
      .addColumn('criteria', dialect.column('text'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('rubrics_key', ['test_id', 'version'])
      .execute();
    await db.schema
      .createTable('ratings')
      .addColumn('session_id', dialect.column('id'), (column) =>
        column.notNull().references('sessions.session_id').onDelete('cascade'),
      )
      .addColumn('reviewer_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('rubric_version', dialect.column('integer'), (column) => column.notNull())
      .addColumn('scores', dialect.column('text'), (column) => column.notNull())
      .addColumn('recommendation', dialect.column('text'), (column) => column.notNull())
      // For the candidate list's team score and its sort: the mean of the scores given, and the
      // recommendation's place in RECOMMENDATIONS (0 strong no, 3 strong yes).
      .addColumn('mean_score', dialect.column('real'), (column) => column.notNull())
      .addColumn('recommendation_rank', dialect.column('integer'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .addPrimaryKeyConstraint('ratings_key', ['session_id', 'reviewer_id'])
      .execute();
    await db.schema.createIndex('ratings_by_rubric').on('ratings').columns(['test_id', 'rubric_version']).execute();
  },
});
