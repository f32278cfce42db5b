import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * `release_sections.stages`: the shares a release on a share goes on to by itself while it stays
 * healthy, as JSON (`{ shares, everyMs, nextAt }`, `ShareStages` in `releases/release-store.ts`);
 * null for none. Any change made by hand ends it.
 */
export const shareStages = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema.alterTable('release_sections').addColumn('stages', dialect.column('text')).execute();
  },
});
