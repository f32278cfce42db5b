import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A candidate's answers (and a section's record) are the large values of every autosave: a few
 * kilobytes of HTML, which a database that compresses large values itself compresses at each save.
 * Its default method took more than half of the database server's CPU per save in `pnpm bench`'s
 * answers load; the fastest does the same work in a fraction (`bench/README.md`). Values already
 * stored keep theirs until they are written again.
 */
export const fastCompression = (dialect: Dialect): Migration => ({
  async up(db) {
    await dialect.compressFast(db, 'answers', 'answers');
    await dialect.compressFast(db, 'section_records', 'record');
  },
});
