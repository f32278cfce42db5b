import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Previews of a release before any candidate gets it (issue 55, `pnpm release preview`):
 *
 * - `release_previews`: one row per link a section team asked for, kept by the SHA-256 of its
 *   token (the link itself is shown once), with the release it opens and when it stops opening it.
 * - `sessions.preview_release_id`: the release a session was opened through a preview link to;
 *   null for every candidate's session. No list, count, export or webhook includes a session
 *   that has it (DEPLOY.md, "Preview").
 */
export const releasePreviews = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('release_previews')
      .addColumn('token_hash', dialect.column('text'), (column) => column.primaryKey())
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('release_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('expires_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .execute();
    await db.schema.alterTable('sessions').addColumn('preview_release_id', dialect.column('id')).execute();
  },
});
