import { type RawBuilder, type Selectable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dialect } from '../src/storage/db/database.ts';
import { postgresDialect } from '../src/storage/db/postgres.ts';
import type { InsightFactsTable } from '../src/storage/db/schema.ts';
import { sqliteDialect } from '../src/storage/db/sqlite.ts';
import { TEST_DATABASES } from './databases.ts';
import {
  answers,
  createUpload,
  deviceCheck,
  feedback,
  patchUpload,
  postJson,
  quizComplete,
  registered,
  syntheticWebm,
  testId,
} from './helpers.ts';
import { DAY, HOUR, invitationStatus, invite, MINUTE, registerWith, testClock } from './invitation-helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

/*
 * `insight_facts` (`api/src/storage/db/migrations/0035-insight-facts.ts`) is kept by the
 * database's triggers, not by the writes that change its sources: after each write of a
 * candidate's way through the product, made through the API, it must hold exactly what the
 * source tables say, read here by joining them as the Insights did before the table existed, and
 * each step's time must be the one the write stored, and what the row counts for (its furthest
 * step and the rest) what the step says.
 */

const ADMIN = 'facts-admin@lumenvault.example';

/** What the row counts for, which the triggers work out from its times. */
const KIND = ['personal', 'step', 'finished', 'video', 'with_extra', 'reminded'] as const;
type Row = Selectable<InsightFactsTable>;
type Kind = Pick<Row, (typeof KIND)[number]>;
/** The row's times and facts, each copied from a source table. */
type Fact = Omit<Row, keyof Kind | 'started_day' | 'finished_day' | 'quiz_ms' | 'video_ms' | 'feedback_ms'>;

const TEXTS = new Set(['invitation_id', 'session_id', 'test_id', 'skip_reason', 'camera_outcome']);

/** PostgreSQL answers a bigint as text: every number as a number, in a stable order. */
function normalized(rows: Record<string, unknown>[]): Fact[] {
  return rows
    .map(
      (row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            value === null || TEXTS.has(column) ? value : Number(value),
          ]),
        ) as unknown as Fact,
    )
    .sort((a, b) =>
      `${a.invitation_id}/${a.session_id}`.localeCompare(`${b.invitation_id}/${b.session_id}`, 'en', {
        sensitivity: 'variant',
      }),
    );
}

const COLUMNS = `invitation_id, session_id, test_id, period_at, extra_time_percent, opened_at, reminded_at,
  started_at, quiz_started_at, answered, quiz_ended_at, video_at, skipped_at, skip_reason, feedback_at,
  camera_outcome`;

/** A session's facts by joins from `m`, which names its `session_id`. */
const SESSION_JOINS = `LEFT JOIN sessions s ON s.session_id = m.session_id
  LEFT JOIN answers a ON a.session_id = s.session_id
  LEFT JOIN quiz_completions c ON c.session_id = s.session_id
  LEFT JOIN video_skips k ON k.session_id = s.session_id
  LEFT JOIN feedback f ON f.session_id = s.session_id`;
const sessionColumns = (
  json: (column: string, path: string[]) => string,
) => `s.started_at, s.quiz_started_at, CASE WHEN a.session_id IS NULL THEN 0 ELSE 1 END AS answered,
  coalesce(a.submitted_at, c.received_at) AS quiz_ended_at,
  (SELECT min(v.completed_at) FROM videos v WHERE v.session_id = s.session_id) AS video_at,
  k.received_at AS skipped_at, k.reason AS skip_reason, f.received_at AS feedback_at,
  CASE
    WHEN EXISTS (SELECT 1 FROM device_checks dp WHERE dp.session_id = m.session_id AND dp.result = true) THEN 'passed'
    WHEN NOT EXISTS (SELECT 1 FROM device_checks dn WHERE dn.session_id = m.session_id) THEN 'not-checked'
    WHEN (SELECT ${json('dc.facts', ['permission'])} FROM device_checks dc WHERE dc.session_id = m.session_id
      ORDER BY dc.received_at DESC, dc.check_id DESC LIMIT 1) = 'denied' THEN 'permission-denied'
    WHEN (SELECT CAST(${json('dc.facts', ['videoInputs'])} AS integer) FROM device_checks dc WHERE dc.session_id = m.session_id
      ORDER BY dc.received_at DESC, dc.check_id DESC LIMIT 1) = 0 THEN 'no-camera'
    ELSE 'unavailable' END AS camera_outcome`;

/** The facts read from their sources: what `insight_facts` must hold. */
const fromSources = (json: (column: string, path: string[]) => string) => `SELECT ${COLUMNS} FROM (
  SELECT m.invitation_id, m.session_id, m.test_id, m.created_at AS period_at, m.extra_time_percent,
    o.last_at AS opened_at,
    (SELECT min(d.sent_at) FROM deliveries d WHERE d.invitation_id = m.invitation_id AND d.kind = 'reminder') AS reminded_at,
    ${sessionColumns(json)}
  FROM invitations m LEFT JOIN invitation_opens o ON o.invitation_id = m.invitation_id ${SESSION_JOINS}
  WHERE m.erased_at IS NULL
  UNION ALL
  SELECT NULL, m.session_id, m.test_id, m.started_at, 0, NULL, NULL, ${sessionColumns(json)}
  FROM sessions m ${SESSION_JOINS}
  WHERE m.invitation_id IS NULL AND m.preview_release_id IS NULL) facts`;

describe.each(TEST_DATABASES)('the Insights facts on $name', (database) => {
  const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
  let setting: Awaited<ReturnType<typeof reviewServer>>;
  const dialect: Dialect = database.name === 'SQLite' ? sqliteDialect : postgresDialect;
  const json = (column: string, path: string[]) =>
    dialect.jsonText(sql.raw(column) as RawBuilder<string>, path).compile(setting.reads).sql;

  beforeAll(async () => {
    setting = await reviewServer(database, [{ companyId: 'lumenvault', email: ADMIN, name: 'Admin', role: 'admin' }], {
      now: clock.now,
    });
  });
  afterAll(async () => {
    await setting?.close();
  });

  /** The facts the database keeps, once checked against their sources, with what each counts for. */
  async function facts(): Promise<(Fact & Kind)[]> {
    const query = `SELECT ${COLUMNS}, ${KIND.join(', ')} FROM insight_facts`;
    const kept = normalized((await sql.raw<Record<string, unknown>>(query).execute(setting.reads)).rows);
    const read = normalized((await sql.raw<Record<string, unknown>>(fromSources(json)).execute(setting.reads)).rows);
    const timesOf = (row: Fact) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !(KIND as readonly string[]).includes(column)));
    expect(kept.map(timesOf)).toEqual(read);
    return kept as (Fact & Kind)[];
  }
  const factOf = async (match: (fact: Fact & Kind) => boolean) => (await facts()).find(match);
  const ofInvitation = (invitationId: string) => factOf((fact) => fact.invitation_id === invitationId);
  const ofOpenLink = (sessionId: string) =>
    factOf((fact) => fact.invitation_id === null && fact.session_id === sessionId);

  it('follows a personal candidate and one of the open link through every step, and their erasure', async () => {
    const made = clock.now();
    const personal = await invite(setting.server.url, made, { extraTimePercent: 25 });
    const unused = await invite(setting.server.url, made, { email: 'unused@mail.example' });
    await setting.server.app.deliverySender.runDue();
    expect(await ofInvitation(personal.invitationId)).toMatchObject({
      session_id: null,
      test_id: testId,
      period_at: made,
      extra_time_percent: 25,
      opened_at: null,
      reminded_at: null,
      started_at: null,
      answered: 0,
      personal: 1,
      step: 0,
      reminded: 0,
    });

    clock.advance(HOUR);
    const opened = clock.now();
    expect((await invitationStatus(setting.server.url, { invitation: personal.token })).status).toBe(200);
    await vi.waitFor(async () =>
      expect(await ofInvitation(personal.invitationId)).toMatchObject({ opened_at: opened }),
    );

    // A week to go at first: the reminder is due once 48 hours are left.
    clock.advance(5 * DAY);
    await setting.server.app.periodicTasks.runDue();
    await setting.server.app.deliverySender.runDue();
    const reminded = await ofInvitation(personal.invitationId);
    expect(reminded?.reminded_at).toBeGreaterThanOrEqual(opened + 5 * DAY);
    expect(reminded?.reminded).toBe(1);

    clock.advance(HOUR);
    const registeredAt = clock.now();
    const candidate = await registerWith(setting.server.url, personal.token);
    expect(candidate.status).toBe(200);
    const open = await registered(setting.server.url);
    expect(await ofInvitation(personal.invitationId)).toMatchObject({
      session_id: candidate.unique,
      started_at: registeredAt,
      quiz_started_at: null,
    });
    expect(await ofOpenLink(open)).toMatchObject({
      test_id: testId,
      period_at: registeredAt,
      started_at: registeredAt,
    });

    clock.advance(MINUTE);
    const quizStarted = clock.now();
    for (const unique of [candidate.unique, open]) {
      expect((await postJson(setting.server.url, '/api/quiz-start', { unique, data: testId })).status).toBe(200);
    }
    expect(await ofInvitation(personal.invitationId)).toMatchObject({
      quiz_started_at: quizStarted,
      answered: 0,
      step: 3,
    });

    clock.advance(5 * MINUTE);
    for (const unique of [candidate.unique, open]) {
      expect((await postJson(setting.server.url, '/api/answers', answers(unique))).status).toBe(200);
    }
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ answered: 1, quiz_ended_at: null });

    clock.advance(5 * MINUTE);
    const quizEnded = clock.now();
    const final = answers(candidate.unique, { final: true, revision: 2 });
    expect((await postJson(setting.server.url, '/api/answers', final)).status).toBe(200);
    expect((await postJson(setting.server.url, '/api/video-just', quizComplete(open))).status).toBe(200);
    expect(await ofInvitation(personal.invitationId)).toMatchObject({
      quiz_ended_at: quizEnded,
      step: 4,
      with_extra: 1,
    });
    expect(await ofOpenLink(open)).toMatchObject({ answered: 1, quiz_ended_at: quizEnded, step: 4, with_extra: 0 });

    // The server decides a check from its facts alone: granted passes, denied fails.
    const checked = (unique: string, permission: 'granted' | 'denied') =>
      postJson(
        setting.server.url,
        '/api/device-check',
        deviceCheck(unique, {
          checkId: `check-${permission}`,
          facts: { secureContext: true, mediaDevicesAvailable: true, videoInputs: 1, permission },
        }),
      );
    expect((await checked(candidate.unique, 'granted')).status).toBe(200);
    expect((await checked(open, 'denied')).status).toBe(200);
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ camera_outcome: 'passed' });
    expect(await ofOpenLink(open)).toMatchObject({ camera_outcome: 'permission-denied' });

    clock.advance(3 * MINUTE);
    const videoEnded = clock.now();
    const video = syntheticWebm(10_000);
    const upload = await createUpload(setting.server.url, video.length, { unique: candidate.unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    const skip = { unique: open, data: testId, reason: 'no-camera' };
    expect((await postJson(setting.server.url, '/api/video-skip', skip)).status).toBe(200);
    await vi.waitFor(async () =>
      expect(await ofInvitation(personal.invitationId)).toMatchObject({
        video_at: videoEnded,
        skipped_at: null,
        step: 5,
        video: 1,
      }),
    );
    expect(await ofOpenLink(open)).toMatchObject({
      video_at: null,
      skipped_at: videoEnded,
      skip_reason: '"no-camera"',
      step: 5,
      video: 2,
    });

    clock.advance(2 * MINUTE);
    const feedbackAt = clock.now();
    for (const unique of [candidate.unique, open]) {
      expect((await postJson(setting.server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    }
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ feedback_at: feedbackAt, step: 6, finished: 1 });
    expect(await ofOpenLink(open)).toMatchObject({ feedback_at: feedbackAt, step: 6, finished: 1 });

    const admin = new ReviewerBrowser(setting.server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    for (const unique of [candidate.unique, open]) {
      expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
    }
    await setting.stores.privacy.eraseUnusedInvitation(unused.invitationId, clock.now());
    expect(await facts()).toEqual([]);
  });
});
