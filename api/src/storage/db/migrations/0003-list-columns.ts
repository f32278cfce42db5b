import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import type { Schema } from '../schema.ts';

interface StoredProctoring {
  tabSwitches?: number;
  perQuestion?: { pastes?: unknown[]; droppedPastes?: number }[];
}

/**
 * What the candidate list shows and sorts by, copied out of the stored JSON into columns of their
 * own, so the list is one query written once for both databases, with no JSON read in SQL.
 */
export const listColumns = (dialect: Dialect): Migration => ({
  async up(migrating) {
    const db = migrating as Kysely<Schema>;
    await db.schema
      .alterTable('registrations')
      .addColumn('full_name', dialect.column('text'), (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('registrations')
      .addColumn('email', dialect.column('text'), (column) => column.notNull().defaultTo(''))
      .execute();
    // Lowercased, and compared byte by byte on both databases whatever their locale.
    await db.schema
      .alterTable('registrations')
      .addColumn('sort_name', dialect.column('id'), (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('answers')
      .addColumn('tab_switches', dialect.column('integer'), (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('answers')
      .addColumn('pastes', dialect.column('integer'), (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('feedback')
      .addColumn('current_score', dialect.column('integer'), (column) => column.notNull().defaultTo(0))
      .execute();

    for (const row of await db.selectFrom('registrations').select(['session_id', 'payload']).execute()) {
      const parsed = JSON.parse(row.payload) as { fullName?: string; email?: string };
      // Plain text columns cannot hold the NUL character on every database; the payload keeps it.
      const fullName = (parsed.fullName ?? '').replaceAll('\0', '\uFFFD');
      const email = (parsed.email ?? '').replaceAll('\0', '\uFFFD');
      await db
        .updateTable('registrations')
        .set({ full_name: fullName, email, sort_name: fullName.toLowerCase() })
        .where('session_id', '=', row.session_id)
        .execute();
    }
    for (const row of await db.selectFrom('answers').select(['session_id', 'proctoring']).execute()) {
      const { tabSwitches = 0, perQuestion = [] } = JSON.parse(row.proctoring) as StoredProctoring;
      const pastes = perQuestion.reduce((sum, q) => sum + (q.pastes?.length ?? 0) + (q.droppedPastes ?? 0), 0);
      await db
        .updateTable('answers')
        .set({ tab_switches: tabSwitches, pastes })
        .where('session_id', '=', row.session_id)
        .execute();
    }
    for (const row of await db.selectFrom('feedback').select(['session_id', 'payload']).execute()) {
      const { currentScore = 0 } = JSON.parse(row.payload) as { currentScore?: number };
      await db
        .updateTable('feedback')
        .set({ current_score: currentScore })
        .where('session_id', '=', row.session_id)
        .execute();
    }
  },
});
