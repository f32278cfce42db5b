import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Who made each stage change and wrote each note, by account: a reviewer who has not rated a
 * candidate yet sees their own judgement of them and none of their teammates'
 * (`api/src/review/judgement.ts`). Rows from before name no account (null) and count as a
 * teammate's for everyone.
 */
export const judgementAuthors = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema.alterTable('stage_changes').addColumn('reviewer_id', dialect.column('id')).execute();
    await db.schema.alterTable('candidate_notes').addColumn('reviewer_id', dialect.column('id')).execute();
  },
});
