import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** Where both databases stood before the shared history: each takes its own steps to get there. */
export const legacySchema = (dialect: Dialect): Migration => ({
  up: (db) => dialect.legacySchema(db),
});
