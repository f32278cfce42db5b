import { getTest } from '@assessment/core';
import type { Kysely, Migration } from 'kysely';
import { cleanStoredRegistration } from '../../../privacy/demographics.ts';
import type { Dialect } from '../database.ts';
import type { Schema } from '../schema.ts';

/**
 * The demographic answer leaves the candidate's record (SPEC section 0): kept apart, one row per
 * session, only for aggregate counts, and taken out of every registration stored before.
 */
export const demographics = (dialect: Dialect): Migration => ({
  async up(migrating) {
    const db = migrating as Kysely<Schema>;
    await db.schema
      .createTable('demographics')
      .addColumn('session_id', dialect.column('id'), (column) => column.unique().references('sessions.session_id'))
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('gender', dialect.column('text'), (column) => column.notNull())
      .addColumn('finished', dialect.column('flag'), (column) => column.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('demographics_by_test').on('demographics').column('test_id').execute();

    const rows = await db
      .selectFrom('registrations as r')
      .innerJoin('sessions as s', 's.session_id', 'r.session_id')
      .select((eb) => [
        'r.session_id',
        's.test_id',
        'r.payload',
        eb
          .exists(eb.selectFrom('feedback as f').select('f.session_id').whereRef('f.session_id', '=', 'r.session_id'))
          .as('finished'),
      ])
      .execute();
    for (const row of rows) {
      const { payload, gender } = cleanStoredRegistration(JSON.parse(row.payload), getTest(row.test_id)?.companyName);
      await db
        .updateTable('registrations')
        .set({ payload: JSON.stringify(payload) })
        .where('session_id', '=', row.session_id)
        .execute();
      await db
        .insertInto('demographics')
        .values({ session_id: row.session_id, test_id: row.test_id, gender, finished: Boolean(row.finished) })
        .execute();
    }
  },
});
