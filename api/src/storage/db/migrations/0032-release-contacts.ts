import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * `release_keys.contact`: the address a section team that holds the key is told at when a release
 * of its section is rolled back by itself (issue 55). Null for a key that names none.
 */
export const releaseContacts = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema.alterTable('release_keys').addColumn('contact', dialect.column('text')).execute();
  },
});
