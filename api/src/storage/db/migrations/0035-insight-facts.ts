import { type Migration, sql } from 'kysely';
import type { Dialect, RowTrigger } from '../database.ts';

/**
 * `insight_facts`: the candidates the company's Insights count (`api/src/storage/insights/insights-store.ts`,
 * issue 57), one row each with the times of their steps, so that the Insights of a test and a
 * period read one table by its indexes instead of joining six tables for every candidate (5 s and
 * more for 100,000 sessions, `pnpm bench insights`). A row is a personal invitation not erased,
 * with the session it is bound to, or a session of the open link that is not a preview; its
 * `test_id` and `period_at` are the invitation's (made then) or the session's (started then).
 *
 * The database keeps it, by triggers on the tables it is read from: a write through any path (the
 * API's writes, a CLI command, the erasure, rows written straight into the tables as the bench and
 * the tests do) changes it in the same transaction, and none can forget it. Each trigger reads
 * again from the source rows what the change touched, rather than adding to what the row holds:
 * a row is always what these reads say, whatever the order the rows were written in (an
 * invitation is bound before its session's row exists, `api/src/storage/sessions/session-writes.ts`),
 * and whatever other transactions write at the same time (`hold`).
 * Autosaves of answers set nothing it holds, so their trigger runs only when the end of the quiz
 * changes. Its statements are frozen with this migration, as its tables are.
 */

/** The text at `path` in a column of JSON text, as this database reads it (`Dialect.jsonText`). */
type JsonText = (column: string, path: readonly string[]) => string;

/**
 * Why the camera did not work, from the session `id`'s checks: a check that passed is enough;
 * otherwise the last failed check's facts tell. A trigger may read them at every check: they are
 * stored as their schema made them, with no free text that the JSON functions could refuse (a
 * registration's browser is read by the Insights instead).
 */
function cameraOutcome(id: string, json: JsonText): string {
  const last = (path: string[]) => `(SELECT ${json('dc.facts', path)} FROM device_checks dc
    WHERE dc.session_id = ${id} ORDER BY dc.received_at DESC, dc.check_id DESC LIMIT 1)`;
  return `CASE
    WHEN EXISTS (SELECT 1 FROM device_checks dp WHERE dp.session_id = ${id} AND dp.result = true) THEN 'passed'
    WHEN NOT EXISTS (SELECT 1 FROM device_checks dn WHERE dn.session_id = ${id}) THEN 'not-checked'
    WHEN ${last(['permission'])} = 'denied' THEN 'permission-denied'
    WHEN CAST(${last(['videoInputs'])} AS integer) = 0 THEN 'no-camera'
    ELSE 'unavailable' END`;
}

/** A session's facts, read from its rows by the SQL expression `id`. */
const sessionFacts = (id: string, json: JsonText): Record<string, string> => ({
  started_at: `(SELECT s.started_at FROM sessions s WHERE s.session_id = ${id})`,
  quiz_started_at: `(SELECT s.quiz_started_at FROM sessions s WHERE s.session_id = ${id})`,
  answered: `(SELECT count(*) FROM answers a WHERE a.session_id = ${id})`,
  quiz_ended_at: `coalesce((SELECT a.submitted_at FROM answers a WHERE a.session_id = ${id}),
    (SELECT c.received_at FROM quiz_completions c WHERE c.session_id = ${id}))`,
  video_at: `(SELECT min(v.completed_at) FROM videos v WHERE v.session_id = ${id})`,
  skipped_at: `(SELECT k.received_at FROM video_skips k WHERE k.session_id = ${id})`,
  skip_reason: `(SELECT k.reason FROM video_skips k WHERE k.session_id = ${id})`,
  feedback_at: `(SELECT f.received_at FROM feedback f WHERE f.session_id = ${id})`,
  camera_outcome: cameraOutcome(id, json),
});

/** A personal invitation's facts, read from its rows by the SQL expression `id`. */
const invitationFacts = (id: string): Record<string, string> => ({
  opened_at: `(SELECT o.last_at FROM invitation_opens o WHERE o.invitation_id = ${id})`,
  reminded_at: `(SELECT min(d.sent_at) FROM deliveries d WHERE d.invitation_id = ${id} AND d.kind = 'reminder')`,
});

/** The row of the invitation `i` (a row of `invitations`, by its name), and when it has one. */
const personalRow = (i: string, json: JsonText) => ({
  values: {
    invitation_id: `${i}.invitation_id`,
    session_id: `${i}.session_id`,
    test_id: `${i}.test_id`,
    period_at: `${i}.created_at`,
    extra_time_percent: `${i}.extra_time_percent`,
    ...sessionFacts(`${i}.session_id`, json),
    ...invitationFacts(`${i}.invitation_id`),
  },
  when: `${i}.erased_at IS NULL`,
});

/** The row of the session `s` (a row of `sessions`, by its name), and when it has one. */
const openLinkRow = (s: string, json: JsonText) => ({
  values: {
    invitation_id: 'NULL',
    session_id: `${s}.session_id`,
    test_id: `${s}.test_id`,
    period_at: `${s}.started_at`,
    extra_time_percent: '0',
    ...sessionFacts(`${s}.session_id`, json),
    opened_at: 'NULL',
    reminded_at: 'NULL',
  },
  when: `${s}.invitation_id IS NULL AND ${s}.preview_release_id IS NULL`,
});

const DAY_MS = 86_400_000;
const VIDEO_DONE = '(video_at IS NOT NULL OR skipped_at IS NOT NULL)';
const FINISHED = `(feedback_at IS NOT NULL AND quiz_ended_at IS NOT NULL AND ${VIDEO_DONE})`;
/** The moment the video step ended: the recording, or going on without one, whichever came first. */
const VIDEO_ENDED =
  'CASE WHEN video_at IS NULL OR (skipped_at IS NOT NULL AND skipped_at < video_at) THEN skipped_at ELSE video_at END';

/**
 * What the Insights count of a row, computed from its times whenever they are written, so that a
 * read counts the rows of each kind instead of working out every figure for every row. Columns of
 * their own, not generated ones: SQLite reads a generated column from the row even where an index
 * holds it, which would cost a read of every row. Each step is reached by its own event or any
 * later one's, so a row's furthest step tells every step it reached (`step`, 0 to 6).
 */
const DERIVED: [string, 'integer' | 'time', string][] = [
  ['personal', 'integer', 'CASE WHEN invitation_id IS NULL THEN 0 ELSE 1 END'],
  [
    'step',
    'integer',
    `CASE WHEN feedback_at IS NOT NULL THEN 6 WHEN ${VIDEO_DONE} THEN 5 WHEN quiz_ended_at IS NOT NULL THEN 4
      WHEN quiz_started_at IS NOT NULL OR answered = 1 THEN 3 WHEN started_at IS NOT NULL THEN 2
      WHEN opened_at IS NOT NULL THEN 1 ELSE 0 END`,
  ],
  ['finished', 'integer', `CASE WHEN ${FINISHED} THEN 1 ELSE 0 END`],
  // 1: a video was sent; 2: the candidate went on without one.
  ['video', 'integer', 'CASE WHEN video_at IS NOT NULL THEN 1 WHEN skipped_at IS NOT NULL THEN 2 ELSE 0 END'],
  [
    'with_extra',
    'integer',
    'CASE WHEN extra_time_percent > 0 AND quiz_ended_at IS NOT NULL AND quiz_started_at IS NOT NULL THEN 1 ELSE 0 END',
  ],
  // 1: reminded; 2: and opened the link or registered after the reminder.
  [
    'reminded',
    'integer',
    'CASE WHEN reminded_at IS NULL THEN 0 WHEN opened_at > reminded_at OR started_at > reminded_at THEN 2 ELSE 1 END',
  ],
  ['started_day', 'integer', `started_at / ${DAY_MS}`],
  ['finished_day', 'integer', `CASE WHEN ${FINISHED} THEN feedback_at / ${DAY_MS} END`],
  // Each section's time, from the server's times of its first and its last event.
  ['quiz_ms', 'time', 'CASE WHEN quiz_ended_at >= quiz_started_at THEN quiz_ended_at - quiz_started_at END'],
  ['video_ms', 'time', `CASE WHEN ${VIDEO_ENDED} >= quiz_ended_at THEN ${VIDEO_ENDED} - quiz_ended_at END`],
  ['feedback_ms', 'time', `CASE WHEN feedback_at >= ${VIDEO_ENDED} THEN feedback_at - ${VIDEO_ENDED} END`],
];

const insert = ({ values, when }: { values: Record<string, string>; when: string }, from = '') =>
  `INSERT INTO insight_facts (${Object.keys(values).join(', ')})
    SELECT ${Object.values(values).join(', ')} ${from} WHERE ${when}`;

const update = (values: Record<string, string>, where: string) =>
  `UPDATE insight_facts SET ${Object.entries(values)
    .map(([column, value]) => `${column} = ${value}`)
    .join(', ')} WHERE ${where}`;

/**
 * The rows `where` count for what their times now say. A statement of its own after the one that
 * wrote the times: an update's expressions read the row as it was before it.
 */
const derive = (where: string) =>
  update(Object.fromEntries(DERIVED.map(([column, , expression]) => [column, expression])), where);

/**
 * Takes the rows `where` before they are read again. On PostgreSQL each statement reads the tables
 * as they were when it began: an update that waited for another transaction's change of the same
 * row would then write what it read before that change, and lose it. Once this statement holds
 * the rows, the next begins after any such change and reads it. SQLite has one writer at a time.
 */
const hold = (where: string) => `UPDATE insight_facts SET answered = answered WHERE ${where}`;

/** The rows `where` read `values` again, held first. */
const held = (values: Record<string, string>, where: string) => [hold(where), update(values, where)];

/** The rows `where` read `values` again, then what they count for. */
const refresh = (values: Record<string, string>, where: string) => [...held(values, where), derive(where)];

const SESSION_COLUMNS = ['test_id', 'started_at', 'quiz_started_at', 'invitation_id', 'preview_release_id'];
const INVITATION_COLUMNS = ['test_id', 'created_at', 'extra_time_percent', 'session_id', 'erased_at'];
const personalGone = (row: 'NEW' | 'OLD') => `DELETE FROM insight_facts WHERE invitation_id = ${row}.invitation_id`;
const invitationChanged = (row: 'NEW' | 'OLD') =>
  refresh(invitationFacts(`${row}.invitation_id`), `invitation_id = ${row}.invitation_id`);
const invitationsChanged = refresh(
  invitationFacts('insight_facts.invitation_id'),
  'invitation_id IN (OLD.invitation_id, NEW.invitation_id)',
);

/** The triggers, which read JSON as `json` says. */
function triggers(json: JsonText): RowTrigger[] {
  /** The rows of the session `NEW` or `OLD` read its facts again. */
  const sessionChanged = (row: 'NEW' | 'OLD') =>
    refresh(sessionFacts(`${row}.session_id`, json), `session_id = ${row}.session_id`);
  /** An update may move a part to another session: both read their facts again. */
  const sessionsChanged = refresh(
    sessionFacts('insight_facts.session_id', json),
    'session_id IN (OLD.session_id, NEW.session_id)',
  );
  /** The open link's row of a session goes; the personal row bound to it reads its facts again. */
  const openLinkGone = (row: 'NEW' | 'OLD') =>
    `DELETE FROM insight_facts WHERE invitation_id IS NULL AND session_id = ${row}.session_id`;
  const boundChanged = (row: 'NEW' | 'OLD') =>
    held(sessionFacts(`${row}.session_id`, json), `invitation_id IS NOT NULL AND session_id = ${row}.session_id`);
  /** The triggers of a table that holds a part of a session, the update's only for these columns. */
  const sessionPart = (table: string, columns: string[], when?: string): RowTrigger[] => [
    { name: `insight_facts_${table}_insert`, table, event: 'INSERT', statements: sessionChanged('NEW') },
    {
      name: `insight_facts_${table}_update`,
      table,
      event: 'UPDATE',
      columns: ['session_id', ...columns],
      ...(when ? { when } : {}),
      statements: sessionsChanged,
    },
    { name: `insight_facts_${table}_delete`, table, event: 'DELETE', statements: sessionChanged('OLD') },
  ];
  return [
    ...(['INSERT', 'UPDATE'] as const).map(
      (event): RowTrigger => ({
        name: `insight_facts_sessions_${event.toLowerCase()}`,
        table: 'sessions',
        event,
        ...(event === 'UPDATE' ? { columns: SESSION_COLUMNS } : {}),
        statements: [
          openLinkGone('NEW'),
          insert(openLinkRow('NEW', json)),
          ...boundChanged('NEW'),
          derive('session_id = NEW.session_id'),
        ],
      }),
    ),
    {
      name: 'insight_facts_sessions_delete',
      table: 'sessions',
      event: 'DELETE',
      statements: [openLinkGone('OLD'), ...boundChanged('OLD'), derive('session_id = OLD.session_id')],
    },
    ...(['INSERT', 'UPDATE'] as const).map(
      (event): RowTrigger => ({
        name: `insight_facts_invitations_${event.toLowerCase()}`,
        table: 'invitations',
        event,
        ...(event === 'UPDATE' ? { columns: INVITATION_COLUMNS } : {}),
        statements: [
          personalGone('NEW'),
          insert(personalRow('NEW', json)),
          derive('invitation_id = NEW.invitation_id'),
        ],
      }),
    ),
    {
      name: 'insight_facts_invitations_delete',
      table: 'invitations',
      event: 'DELETE',
      statements: [personalGone('OLD')],
    },
    {
      name: 'insight_facts_invitation_opens_insert',
      table: 'invitation_opens',
      event: 'INSERT',
      statements: invitationChanged('NEW'),
    },
    {
      name: 'insight_facts_invitation_opens_update',
      table: 'invitation_opens',
      event: 'UPDATE',
      statements: invitationsChanged,
    },
    {
      name: 'insight_facts_invitation_opens_delete',
      table: 'invitation_opens',
      event: 'DELETE',
      statements: invitationChanged('OLD'),
    },
    // Deliveries change often on their way out; only a reminder's sending tells the Insights anything.
    {
      name: 'insight_facts_deliveries_insert',
      table: 'deliveries',
      event: 'INSERT',
      when: `NEW.kind = 'reminder' AND NEW.invitation_id IS NOT NULL`,
      statements: invitationChanged('NEW'),
    },
    {
      name: 'insight_facts_deliveries_update',
      table: 'deliveries',
      event: 'UPDATE',
      columns: ['kind', 'invitation_id', 'sent_at'],
      when: `OLD.kind = 'reminder' OR NEW.kind = 'reminder'`,
      statements: invitationsChanged,
    },
    {
      name: 'insight_facts_deliveries_delete',
      table: 'deliveries',
      event: 'DELETE',
      when: `OLD.kind = 'reminder' AND OLD.invitation_id IS NOT NULL`,
      statements: invitationChanged('OLD'),
    },
    ...sessionPart(
      'answers',
      ['submitted_at'],
      'OLD.session_id <> NEW.session_id OR coalesce(OLD.submitted_at, -1) <> coalesce(NEW.submitted_at, -1)',
    ),
    ...sessionPart('quiz_completions', ['received_at']),
    ...sessionPart('videos', ['completed_at']),
    ...sessionPart('video_skips', ['received_at', 'reason']),
    ...sessionPart('feedback', ['received_at']),
    ...sessionPart('device_checks', ['facts', 'result', 'received_at']),
  ];
}

/**
 * The indexes the figures are read by, each a test's rows in the order a figure is counted in,
 * with the period beside them: the database reads the index alone, in order, and neither sorts
 * nor reads the rows. The kinds of row, with the days they started and finished on, for every
 * count; the sessions at each step; each section's times, for its percentiles.
 */
const READ_BY: [string, string[]][] = [
  [
    'kind',
    [
      'test_id',
      'personal',
      'step',
      'finished',
      'video',
      'skip_reason',
      'with_extra',
      'reminded',
      'camera_outcome',
      'started_day',
      'finished_day',
      'period_at',
      'quiz_ms',
      'video_ms',
      'feedback_ms',
    ],
  ],
  ['step', ['test_id', 'step', 'period_at', 'session_id']],
  ['quiz_ms', ['test_id', 'quiz_ms', 'period_at']],
  ['video_ms', ['test_id', 'video_ms', 'period_at']],
  ['feedback_ms', ['test_id', 'feedback_ms', 'period_at']],
];

export const insightFacts = (dialect: Dialect): Migration => ({
  async up(db) {
    let table = db.schema
      .createTable('insight_facts')
      .addColumn('invitation_id', dialect.column('id'))
      .addColumn('session_id', dialect.column('id'))
      .addColumn('test_id', dialect.column('id'), (column) => column.notNull())
      .addColumn('period_at', dialect.column('time'), (column) => column.notNull())
      .addColumn('extra_time_percent', dialect.column('integer'), (column) => column.notNull())
      .addColumn('opened_at', dialect.column('time'))
      .addColumn('reminded_at', dialect.column('time'))
      .addColumn('started_at', dialect.column('time'))
      .addColumn('quiz_started_at', dialect.column('time'))
      .addColumn('answered', dialect.column('integer'), (column) => column.notNull())
      .addColumn('quiz_ended_at', dialect.column('time'))
      .addColumn('video_at', dialect.column('time'))
      .addColumn('skipped_at', dialect.column('time'))
      .addColumn('skip_reason', dialect.column('text'))
      .addColumn('feedback_at', dialect.column('time'))
      .addColumn('camera_outcome', dialect.column('text'), (column) => column.notNull());
    for (const [name, kind] of DERIVED) table = table.addColumn(name, dialect.column(kind));
    await table.execute();
    const json: JsonText = (column, path) => dialect.jsonText(sql.raw(column), path).compile(db).sql;
    await sql.raw(insert(personalRow('i', json), 'FROM invitations i')).execute(db);
    await sql.raw(insert(openLinkRow('s', json), 'FROM sessions s')).execute(db);
    await sql.raw(derive('true')).execute(db);
    // Partial: a lookup of the open link's rows (`invitation_id IS NULL`) by this index would read all of them.
    await db.schema
      .createIndex('insight_facts_by_invitation')
      .on('insight_facts')
      .column('invitation_id')
      .unique()
      .where('invitation_id', 'is not', null)
      .execute();
    await db.schema.createIndex('insight_facts_by_session').on('insight_facts').column('session_id').execute();
    for (const [name, columns] of READ_BY) {
      await db.schema.createIndex(`insight_facts_by_${name}`).on('insight_facts').columns(columns).execute();
    }
    for (const trigger of triggers(json)) await dialect.createTrigger(db, trigger);
  },
});
