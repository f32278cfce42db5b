import { type RawBuilder, sql } from 'kysely';

/** The tables that hold what a session sent after its registration. */
export const SENT_AFTER_REGISTRATION = [
  'answers',
  'quiz_completions',
  'videos',
  'video_skips',
  'feedback',
  'section_records',
  'section_troubles',
] as const;

/**
 * Whether the session whose id is in `sessionIdColumn` (`sessions.session_id`, or its alias's) sent
 * nothing after its registration. The one definition behind the review list's "registered only"
 * and the deletion of sessions silent for a day, so a candidate the list shows is never deleted
 * as silent, whatever section they sent something to.
 */
export function sentNothing(sessionIdColumn: string): RawBuilder<boolean> {
  const none = SENT_AFTER_REGISTRATION.map(
    (table) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.session_id`)} = ${sql.ref(sessionIdColumn)})`,
  );
  return sql<boolean>`(${sql.join(none, sql` AND `)})`;
}
