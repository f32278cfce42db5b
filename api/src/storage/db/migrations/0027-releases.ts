import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Section releases (issue 54), one source of truth for every instance:
 *
 * - `releases`: each release, immutable once written: its section, its version (the team's label
 *   and its content hash), where its entry is (a file of its own, or the address a team hosts it
 *   at), the manifest it was checked by, who released it. Never updated; `pnpm --filter api
 *   releases prune` deletes old ones.
 * - `release_files`: the paths of an uploaded release, each naming its bytes by their SHA-256 in the
 *   release files' store (`storage/releases/release-blobs.ts`).
 * - `release_sections`: one row per section: the live release, changed only by a compare-and-set of
 *   `revision`, so two instances (or two teams) never lose a write; and the count of its history.
 * - `release_history`: append only, numbered per section: every release, promotion, refusal and
 *   rollback, with who, when and why.
 * - `release_keys`: each section team's keys, only their SHA-256.
 */
export const releases = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('releases')
      .addColumn('release_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('version', dialect.column('text'), (column) => column.notNull())
      .addColumn('label', dialect.column('text'), (column) => column.notNull())
      .addColumn('content_hash', dialect.column('text'), (column) => column.notNull())
      .addColumn('kind', dialect.column('text'), (column) => column.notNull())
      .addColumn('entry_url', dialect.column('text'))
      .addColumn('entry_origin', dialect.column('text'))
      .addColumn('manifest', dialect.column('text'))
      .addColumn('contract_version', dialect.column('integer'))
      .addColumn('bytes', dialect.column('integer'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('created_by', dialect.column('text'), (column) => column.notNull())
      .addColumn('key_id', dialect.column('id'))
      .addUniqueConstraint('releases_by_version', ['section_id', 'version'])
      .execute();
    await db.schema
      .createTable('release_files')
      .addColumn('release_id', dialect.column('id'), (column) =>
        column.notNull().references('releases.release_id').onDelete('cascade'),
      )
      .addColumn('path', dialect.column('text'), (column) => column.notNull())
      .addColumn('blob', dialect.column('text'), (column) => column.notNull())
      .addColumn('bytes', dialect.column('integer'), (column) => column.notNull())
      .addPrimaryKeyConstraint('release_files_key', ['release_id', 'path'])
      .execute();
    await db.schema.createIndex('release_files_by_blob').on('release_files').column('blob').execute();
    await db.schema
      .createTable('release_sections')
      .addColumn('section_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('live_release_id', dialect.column('id'))
      .addColumn('revision', dialect.column('integer'), (column) => column.notNull())
      .addColumn('changed_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('changed_by', dialect.column('text'))
      .addColumn('history_count', dialect.column('integer'), (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('release_history')
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('seq', dialect.column('integer'), (column) => column.notNull())
      .addColumn('at', dialect.column('time'), (column) => column.notNull())
      .addColumn('kind', dialect.column('text'), (column) => column.notNull())
      .addColumn('release_id', dialect.column('id'))
      .addColumn('version', dialect.column('text'))
      .addColumn('previous_release_id', dialect.column('id'))
      .addColumn('previous_version', dialect.column('text'))
      .addColumn('actor', dialect.column('text'), (column) => column.notNull())
      .addColumn('key_id', dialect.column('id'))
      .addColumn('reason', dialect.column('text'))
      .addPrimaryKeyConstraint('release_history_key', ['section_id', 'seq'])
      .execute();
    await db.schema
      .createTable('release_keys')
      .addColumn('key_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('section_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('name', dialect.column('text'), (column) => column.notNull())
      .addColumn('key_hash', dialect.column('text'), (column) => column.notNull().unique())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('revoked_at', dialect.column('time'))
      .execute();
  },
});
