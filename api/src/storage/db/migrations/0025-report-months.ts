import type { Kysely, Migration } from 'kysely';
import { monthEnd, registeredMonth } from '../../../privacy/report-months.ts';
import type { Dialect } from '../database.ts';
import type { Schema } from '../schema.ts';

/**
 * The gender report counts each month's candidates once, and then keeps those counts as they were
 * (`api/src/privacy/gender-report.ts`): a report that moved with every decision told a reviewer,
 * from what changed between two looks, the answer of whomever they had just moved.
 *
 * Each demographic row learns its month from its session's start. A row whose session was erased
 * before this migration has no month anyone can know any more ('') and is counted in no month: put
 * in any, it would misstate that month's counts.
 */
export const reportMonths = (dialect: Dialect): Migration => ({
  async up(migrating) {
    const db = migrating as Kysely<Schema>;
    await db.schema
      .alterTable('demographics')
      .addColumn('registered_month', dialect.column('text'), (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('gender_report_months')
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('registered_month', dialect.column('text'), (column) => column.notNull())
      .addColumn('counted_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('counts', dialect.column('text'), (column) => column.notNull())
      .addPrimaryKeyConstraint('gender_report_months_key', ['test_id', 'registered_month'])
      .execute();

    const span = await db
      .selectFrom('demographics as d')
      .innerJoin('sessions as s', 's.session_id', 'd.session_id')
      .select((eb) => [eb.fn.min('s.started_at').as('first'), eb.fn.max('s.started_at').as('last')])
      .executeTakeFirst();
    if (span?.first == null || span.last == null) return;
    // One statement a month, whatever the number of candidates.
    const last = registeredMonth(Number(span.last));
    for (let month = registeredMonth(Number(span.first)); ; month = registeredMonth(monthEnd(month))) {
      await db
        .updateTable('demographics')
        .set({ registered_month: month })
        .where('session_id', 'in', (eb) =>
          eb
            .selectFrom('sessions')
            .select('session_id')
            .where('started_at', '>=', Date.parse(`${month}-01T00:00:00Z`))
            .where('started_at', '<', monthEnd(month)),
        )
        .execute();
      if (month === last) break;
    }
  },
});
