import { openPostgres } from '../../api/src/storage/db/postgres.ts';
import { openConnection } from '../../api/src/storage/db/sqlite.ts';
import { startServices } from '../../scripts/services.mjs';
import { addReviewer, signIn } from '../api/export.ts';
import { makeTempDir, type ServerProcess } from '../lib/processes.ts';
import { INVITE, startProductServer } from '../lib/product.ts';
import { percentile, type Row } from '../lib/report.ts';

/** Issue 57: one test with this many sessions. */
const SESSIONS = 100_000;
/** Personal invitations nobody used, beside the half of the sessions that came by one. */
const UNUSED_INVITATIONS = 20_000;
/** The sessions are spread over this many days, ending now; the Insights look at all of them. */
const DAYS = 90;
/** Requests of each kind, one after another, after one of each thrown away. */
const ASKS = 40;
/** The issue's goal for the Insights request's p95, on each database. */
const GOAL_MS = 300;
const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const READER = 'insights-reader@lumenvault.example';
const PASSWORD = 'insights bench passphrase';

/** About 2 kB of an answer's HTML: the answers row holds it before the times the figures read. */
const ANSWER = `<p>${'The candidate explains the plan step by step, with numbers. '.repeat(34)}</p>`;

/**
 * The rows of `SESSIONS` candidates of the sample test, written by the database itself (one
 * statement per table, the same text on both): half came by a personal invitation; of every ten,
 * nine started the quiz, eight finished it, six sent a video, one went on without one, one stopped
 * at the camera check, seven sent feedback. One in twenty has the reader's rating and one in forty a
 * teammate's too. `UNUSED_INVITATIONS` more were never used: half opened, all reminded.
 *
 * The invited are the odd ones, among them every tenth, who registered and sent nothing more: the
 * product deletes an open-link session that sent nothing for a day (`silentSessionsTask`,
 * `api/src/privacy/erasure.ts`), so a company never holds such sessions older than that. Seeded by
 * the open link, 10,000 of them were being deleted by the server, one transaction each, from its
 * start and all through the timing.
 */
export function seedStatements(from: number, readerId: string): string[] {
  const numbers = (count: number) =>
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`;
  const step = Math.floor((DAYS * DAY_MS) / SESSIONS);
  const started = `(${from} + CAST(i AS bigint) * ${step})`;
  const submitted = `(${started} + ${MINUTE} + (5 + i % 15) * ${MINUTE})`;
  const videoEnd = `(${submitted} + (2 + i % 5) * ${MINUTE})`;
  const unusedAt = `(${from} + CAST(i AS bigint) * ${Math.floor((DAYS * DAY_MS) / UNUSED_INVITATIONS)})`;
  const score = (offset: number) => `CAST(1 + (i + ${offset}) % 5 AS text)`;
  return [
    `INSERT INTO invitations (invitation_id, test_id, token, email, name, created_at, expires_at,
      extra_time_percent, revoked_at, session_id, finished_at, erased_at)
     ${numbers(SESSIONS)} SELECT 'bench-inv-' || i, '${INVITE}', 'benchtoken' || i, 'b' || i || '@candidate.example',
      NULL, ${started} - ${DAY_MS}, ${started} + ${14 * DAY_MS}, CASE WHEN i % 20 = 1 THEN 25 ELSE 0 END, NULL,
      'bench-' || i, NULL, NULL
     FROM n WHERE i % 2 = 1`,
    `INSERT INTO invitations (invitation_id, test_id, token, email, name, created_at, expires_at,
      extra_time_percent, revoked_at, session_id, finished_at, erased_at)
     ${numbers(UNUSED_INVITATIONS)} SELECT 'bench-unused-' || i, '${INVITE}', 'benchunused' || i,
      'u' || i || '@candidate.example', NULL, ${unusedAt}, ${unusedAt} + ${14 * DAY_MS}, 0, NULL, NULL, NULL, NULL
     FROM n`,
    `INSERT INTO invitation_opens (invitation_id, first_at, last_at)
     ${numbers(UNUSED_INVITATIONS)} SELECT 'bench-unused-' || i, ${unusedAt} + 3600000, ${unusedAt} + ${3 * DAY_MS}
     FROM n WHERE i % 2 = 0`,
    `INSERT INTO deliveries (delivery_id, idempotency_key, company_id, kind, recipient, invitation_id, session_id,
      state, due_at, last_error, sent_at, created_at, payload, last_status)
     ${numbers(UNUSED_INVITATIONS)} SELECT 'bench-reminder-' || i, 'reminder:bench-unused-' || i, 'lumenvault',
      'reminder', 'u' || i || '@candidate.example', 'bench-unused-' || i, NULL, 'sent', ${unusedAt} + ${2 * DAY_MS},
      NULL, ${unusedAt} + ${2 * DAY_MS}, ${unusedAt} + ${2 * DAY_MS}, NULL, NULL
     FROM n`,
    `INSERT INTO sessions (session_id, test_id, started_at, key_hash, invitation_id, quiz_started_at)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, '${INVITE}', ${started}, NULL,
      CASE WHEN i % 2 = 1 THEN 'bench-inv-' || i END, CASE WHEN i % 10 <> 9 THEN ${started} + ${MINUTE} END
     FROM n`,
    `INSERT INTO registrations (session_id, payload, received_at, updated_at, full_name, email, sort_name)
     ${numbers(SESSIONS)} SELECT 'bench-' || i,
      '{"deviceInfo":{"browser":{"name":"' || CASE i % 3 WHEN 0 THEN 'Chrome' WHEN 1 THEN 'Firefox' ELSE 'Safari' END || '"}}}',
      ${started}, ${started}, 'Bench Candidate ' || i, 'b' || i || '@candidate.example', 'bench candidate ' || i
     FROM n`,
    `INSERT INTO answers (session_id, answers, proctoring, revision, saved_at, received_at, final, submitted_at,
      final_reason, tab_switches, pastes)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, '["${ANSWER}","",""]', '{"tabSwitches":0}', 1, ${submitted},
      ${submitted}, i % 10 < 8, CASE WHEN i % 10 < 8 THEN ${submitted} END,
      CASE WHEN i % 10 < 8 THEN 'complete' END, 0, 0
     FROM n WHERE i % 10 <> 9`,
    `INSERT INTO quiz_completions (session_id, payload, received_at)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, '{}', ${submitted} FROM n WHERE i % 10 < 8`,
    `INSERT INTO videos (upload_id, session_id, recording_id, declared_type, content_type, bytes, duration_seconds,
      created_at, completed_at)
     ${numbers(SESSIONS)} SELECT 'bench-upload-' || i, 'bench-' || i, NULL, NULL, 'video/webm', 1000000, 60,
      ${submitted}, ${videoEnd}
     FROM n WHERE i % 10 < 6`,
    `INSERT INTO video_skips (session_id, reason, received_at)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, '"no-camera"', ${videoEnd} FROM n WHERE i % 10 = 6`,
    `INSERT INTO device_checks (session_id, check_id, facts, result, received_at)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, 'check-1',
      '{"secureContext":true,"mediaDevicesAvailable":true,"videoInputs":1,"permission":"denied"}', 1 = 0,
      ${submitted} + 1000
     FROM n WHERE i % 10 IN (6, 7)`,
    `INSERT INTO feedback (session_id, payload, received_at, updated_at, current_score)
     ${numbers(SESSIONS)} SELECT 'bench-' || i, '{}', ${videoEnd} + (1 + i % 4) * ${MINUTE},
      ${videoEnd} + (1 + i % 4) * ${MINUTE}, 3
     FROM n WHERE i % 10 < 7`,
    `INSERT INTO rubrics (test_id, version, criteria, actor, created_at)
     VALUES ('${INVITE}', 1, '${JSON.stringify(
       [1, 2, 3].map((about) => ({
         about,
         name: `Question ${about}`,
         anchors: { one: 'Misses the point', three: 'Sound', five: 'Insightful' },
       })),
     )}', 'Bench', ${from})`,
    ...[
      [readerId, 20],
      ['bench-teammate', 40],
    ].map(
      ([reviewerId, every]) => `INSERT INTO ratings (session_id, reviewer_id, test_id, rubric_version, scores,
        recommendation, mean_score, recommendation_rank, actor, at)
       ${numbers(SESSIONS)} SELECT 'bench-' || i, '${reviewerId}', '${INVITE}', 1,
        '[' || ${score(0)} || ',' || ${score(1)} || ',' || ${score(2)} || ']',
        CASE i % 4 WHEN 0 THEN 'strong-no' WHEN 1 THEN 'no' WHEN 2 THEN 'yes' ELSE 'strong-yes' END, 3, i % 4, 'Bench',
        ${started} + ${DAY_MS}
       FROM n WHERE i % ${every} = 0`,
    ),
  ];
}

/** The seeding, on the SQLite file of `dataDir` or on PostgreSQL, once the reviewer's CLI has made the schema. */
async function seed(database: { dataDir: string } | { url: string }, from: number): Promise<void> {
  if ('url' in database) {
    const postgres = await openPostgres(database.url, () => {});
    try {
      const { rows } = await postgres.pool.query<{ reviewer_id: string }>(
        'SELECT reviewer_id FROM reviewers WHERE email = $1',
        [READER],
      );
      for (const statement of seedStatements(from, rows[0]?.reviewer_id ?? '')) await postgres.pool.query(statement);
      // What autovacuum does by itself a minute after such a load: the triggers of insight_facts
      // (api/src/storage/db/migrations/0035-insight-facts.ts) update each candidate's row at every
      // step, as the product does, which leaves dead rows for it to vacuum as well as analyze.
      await postgres.pool.query('VACUUM ANALYZE');
    } finally {
      await postgres.close();
    }
    return;
  }
  const db = openConnection(`${database.dataDir}/assessment.sqlite`);
  try {
    const reader = db.prepare('SELECT reviewer_id FROM reviewers WHERE email = ?').get(READER) as
      | { reviewer_id: string }
      | undefined;
    db.exec('BEGIN');
    for (const statement of seedStatements(from, reader?.reviewer_id ?? '')) db.exec(statement);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/** Each of `urls` asked `ASKS` times in turn (after one of each thrown away), timed to the answer's last byte. */
async function timeInTurn(urls: readonly string[], headers: Record<string, string>): Promise<number[][]> {
  const times = urls.map((): number[] => []);
  for (let ask = 0; ask <= ASKS; ask += 1) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      if (ask > 0) times[index]?.push(performance.now() - started);
    }
  }
  return times;
}

interface InsightsDetails {
  database: string;
  insightsMs: number[];
  testsListMs: number[];
}

/** Seeds, starts the product on the seeded database, and times the Insights beside the list of tests. */
async function measure(
  name: 'SQLite' | 'PostgreSQL',
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<{ row: Row; details: InsightsDetails }> {
  const dataDir = makeTempDir(`insights-${name}`);
  const from = Date.now() - DAYS * DAY_MS;
  await addReviewer(dataDir, READER, PASSWORD, env);
  log(`insights: seeding ${SESSIONS.toLocaleString('en-US')} sessions on ${name}`);
  await seed(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir }, from);
  let server: ServerProcess | undefined;
  try {
    server = await startProductServer({ ...env, DATA_DIR: dataDir });
    const headers = await signIn(server.origin, READER, PASSWORD);
    const period = new URLSearchParams({
      testId: INVITE,
      from: new Date(from).toISOString().slice(0, 10),
      to: new Date().toISOString().slice(0, 10),
    });
    log(`insights: timing the Insights and the list of tests on ${name}, ${ASKS} each`);
    const [insightsMs = [], testsListMs = []] = await timeInTurn(
      [`${server.origin}/api/review/insights?${period}`, `${server.origin}/api/review/tests`],
      headers,
    );
    const p95 = percentile(insightsMs, 95);
    return {
      row: {
        group: 'insights',
        name: `insights of 100,000 sessions p95, ${name}`,
        value: p95,
        unit: 'ms',
        detail: `median ${percentile(insightsMs, 50).toFixed(0)} ms`,
        baseline: {
          label: 'list of tests (its counts)',
          value: percentile(testsListMs, 95),
          detail: `median ${percentile(testsListMs, 50).toFixed(1)} ms`,
        },
        goals: [{ text: `≤ ${GOAL_MS} ms`, met: p95 <= GOAL_MS }],
      },
      details: { database: name, insightsMs, testsListMs },
    };
  } finally {
    await server?.stop();
  }
}

/**
 * Issue 57: `GET /api/review/insights` for one test of 100,000 sessions over their 90 days, on
 * SQLite and on PostgreSQL, each beside `GET /api/review/tests` of the same server and data (the
 * test list's counts of the same sessions): the machine's own baseline in the same run.
 */
export async function benchInsights(log: (line: string) => void): Promise<{ rows: Row[]; details: unknown }> {
  const sqlite = await measure('SQLite', {}, log);
  const services = await startServices({ postgres: true, s3: false, redis: false });
  try {
    const postgres = await measure('PostgreSQL', { DATABASE_URL: services.env.DATABASE_URL }, log);
    return { rows: [sqlite.row, postgres.row], details: [sqlite.details, postgres.details] };
  } finally {
    await services.stop();
  }
}
