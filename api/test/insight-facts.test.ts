import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import {
  answers,
  createUpload,
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
 * each step's time must be the one the write stored.
 */

const ADMIN = 'facts-admin@lumenvault.example';

interface Fact {
  invitation_id: string | null;
  session_id: string | null;
  test_id: string;
  period_at: number;
  extra_time_percent: number;
  opened_at: number | null;
  reminded_at: number | null;
  started_at: number | null;
  quiz_started_at: number | null;
  answered: number;
  quiz_ended_at: number | null;
  video_at: number | null;
  skipped_at: number | null;
  skip_reason: string | null;
  feedback_at: number | null;
}

const TEXTS = new Set(['invitation_id', 'session_id', 'test_id', 'skip_reason']);

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
  started_at, quiz_started_at, answered, quiz_ended_at, video_at, skipped_at, skip_reason, feedback_at`;

/** A session's facts by joins from `m`, which names its `session_id`. */
const SESSION_JOINS = `LEFT JOIN sessions s ON s.session_id = m.session_id
  LEFT JOIN answers a ON a.session_id = s.session_id
  LEFT JOIN quiz_completions c ON c.session_id = s.session_id
  LEFT JOIN video_skips k ON k.session_id = s.session_id
  LEFT JOIN feedback f ON f.session_id = s.session_id`;
const SESSION_COLUMNS = `s.started_at, s.quiz_started_at, CASE WHEN a.session_id IS NULL THEN 0 ELSE 1 END AS answered,
  coalesce(a.submitted_at, c.received_at) AS quiz_ended_at,
  (SELECT min(v.completed_at) FROM videos v WHERE v.session_id = s.session_id) AS video_at,
  k.received_at AS skipped_at, k.reason AS skip_reason, f.received_at AS feedback_at`;

/** The facts read from their sources: what `insight_facts` must hold. */
const FROM_SOURCES = `SELECT ${COLUMNS} FROM (
  SELECT m.invitation_id, m.session_id, m.test_id, m.created_at AS period_at, m.extra_time_percent,
    o.last_at AS opened_at,
    (SELECT min(d.sent_at) FROM deliveries d WHERE d.invitation_id = m.invitation_id AND d.kind = 'reminder') AS reminded_at,
    ${SESSION_COLUMNS}
  FROM invitations m LEFT JOIN invitation_opens o ON o.invitation_id = m.invitation_id ${SESSION_JOINS}
  WHERE m.erased_at IS NULL
  UNION ALL
  SELECT NULL, m.session_id, m.test_id, m.started_at, 0, NULL, NULL, ${SESSION_COLUMNS}
  FROM sessions m ${SESSION_JOINS}
  WHERE m.invitation_id IS NULL AND m.preview_release_id IS NULL) facts`;

describe.each(TEST_DATABASES)('the Insights facts on $name', (database) => {
  const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
  let setting: Awaited<ReturnType<typeof reviewServer>>;

  beforeAll(async () => {
    setting = await reviewServer(database, [{ companyId: 'lumenvault', email: ADMIN, name: 'Admin', role: 'admin' }], {
      now: clock.now,
    });
  });
  afterAll(async () => {
    await setting?.close();
  });

  /** The facts the database keeps, once checked against their sources. */
  async function facts(): Promise<Fact[]> {
    const kept = normalized(
      (await sql.raw<Record<string, unknown>>(`SELECT ${COLUMNS} FROM insight_facts`).execute(setting.reads)).rows,
    );
    const read = normalized((await sql.raw<Record<string, unknown>>(FROM_SOURCES).execute(setting.reads)).rows);
    expect(kept).toEqual(read);
    return kept;
  }
  const factOf = async (match: (fact: Fact) => boolean) => (await facts()).find(match);
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
    const reminded = (await ofInvitation(personal.invitationId))?.reminded_at;
    expect(reminded).toBeGreaterThanOrEqual(opened + 5 * DAY);

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
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ quiz_started_at: quizStarted, answered: 0 });

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
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ quiz_ended_at: quizEnded });
    expect(await ofOpenLink(open)).toMatchObject({ answered: 1, quiz_ended_at: quizEnded });

    clock.advance(3 * MINUTE);
    const videoEnded = clock.now();
    const video = syntheticWebm(10_000);
    const upload = await createUpload(setting.server.url, video.length, { unique: candidate.unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    const skip = { unique: open, data: testId, reason: 'no-camera' };
    expect((await postJson(setting.server.url, '/api/video-skip', skip)).status).toBe(200);
    await vi.waitFor(async () =>
      expect(await ofInvitation(personal.invitationId)).toMatchObject({ video_at: videoEnded, skipped_at: null }),
    );
    expect(await ofOpenLink(open)).toMatchObject({
      video_at: null,
      skipped_at: videoEnded,
      skip_reason: '"no-camera"',
    });

    clock.advance(2 * MINUTE);
    const feedbackAt = clock.now();
    for (const unique of [candidate.unique, open]) {
      expect((await postJson(setting.server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    }
    expect(await ofInvitation(personal.invitationId)).toMatchObject({ feedback_at: feedbackAt });
    expect(await ofOpenLink(open)).toMatchObject({ feedback_at: feedbackAt });

    const admin = new ReviewerBrowser(setting.server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    for (const unique of [candidate.unique, open]) {
      expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
    }
    await setting.stores.privacy.eraseUnusedInvitation(unused.invitationId, clock.now());
    expect(await facts()).toEqual([]);
  });
});
