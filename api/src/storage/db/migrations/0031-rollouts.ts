import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Releases to a share of candidates, kept per session, rolled back on their health (issue 55):
 *
 * - `release_sections.candidate_release_id` and `candidate_share`: the release new sessions get
 *   at that percentage instead of the live one; changed by the same compare-and-set of `revision`.
 * - `releases.broken_at` and `broken_reason`: a release rolled back as broken; the sessions that
 *   had it move to the live release at their next section load.
 * - `sessions.section_releases`: the release of each section chosen once, when the session was
 *   opened, as JSON (section id → release id). Null for a session from before it was kept: the
 *   live set applies to it. Erased with its session's row.
 * - `release_health`: what the candidates' browsers reported of each release, counted by kind.
 */
export const rollouts = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema.alterTable('release_sections').addColumn('candidate_release_id', dialect.column('id')).execute();
    await db.schema
      .alterTable('release_sections')
      .addColumn('candidate_share', dialect.column('integer'), (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('releases').addColumn('broken_at', dialect.column('time')).execute();
    await db.schema.alterTable('releases').addColumn('broken_reason', dialect.column('text')).execute();
    await db.schema.alterTable('sessions').addColumn('section_releases', dialect.column('text')).execute();
    await db.schema
      .createTable('release_health')
      .addColumn('release_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('kind', dialect.column('text'), (column) => column.notNull())
      .addColumn('count', dialect.column('integer'), (column) => column.notNull())
      .addPrimaryKeyConstraint('release_health_key', ['release_id', 'kind'])
      .execute();
  },
});
