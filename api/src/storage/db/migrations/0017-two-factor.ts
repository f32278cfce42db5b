import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Two-factor sign-in for reviewers (issue 24). A reviewer's TOTP secret, pending until a code from
 * it is confirmed, and the last time step a code was accepted for (a code is never taken twice).
 * The secret itself is kept, as TOTP needs it to check a code; recovery codes and the proof that a
 * password was right (waiting for its code) are kept only as hashes. All of it goes with the
 * reviewer. A company's requirement is a row of its own, where an admin set one.
 */
export const twoFactor = (dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('reviewer_two_factor')
      .addColumn('reviewer_id', dialect.column('id'), (column) =>
        column.primaryKey().references('reviewers.reviewer_id').onDelete('cascade'),
      )
      .addColumn('secret', dialect.column('text'), (column) => column.notNull())
      .addColumn('created_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('confirmed_at', dialect.column('time'))
      .addColumn('last_step', dialect.column('integer'))
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('code_hash', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('reviewer_id', dialect.column('id'), (column) =>
        column.notNull().references('reviewers.reviewer_id').onDelete('cascade'),
      )
      .addColumn('used_at', dialect.column('time'))
      .execute();
    await db.schema.createIndex('recovery_codes_by_reviewer').on('recovery_codes').column('reviewer_id').execute();
    await db.schema
      .createTable('two_factor_challenges')
      .addColumn('challenge_hash', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('reviewer_id', dialect.column('id'), (column) =>
        column.notNull().references('reviewers.reviewer_id').onDelete('cascade'),
      )
      .addColumn('expires_at', dialect.column('time'), (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('two_factor_challenges_by_reviewer')
      .on('two_factor_challenges')
      .column('reviewer_id')
      .execute();
    await db.schema
      .createTable('two_factor_requirements')
      .addColumn('company_id', dialect.column('id'), (column) => column.primaryKey())
      .addColumn('required', dialect.column('flag'), (column) => column.notNull())
      .addColumn('updated_at', dialect.column('time'), (column) => column.notNull())
      .execute();
  },
});
