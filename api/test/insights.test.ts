import path from 'node:path';
import { type FunnelStep, type Insights, insightsSchema, RECOMMENDATIONS } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { kyselyOf, openConnection } from '../src/storage/db/sqlite.ts';
import { TEST_DATABASES } from './databases.ts';
import { answers, feedback, postJson, registered, testId } from './helpers.ts';
import { invitationStatus, invite, registerWith, testClock } from './invitation-helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

/*
 * Every figure of the Insights against a fixture counted by hand (the counts in the comments),
 * on both databases: the rows are written straight into the tables with the times below, then
 * read through `GET /api/review/insights` as the review page reads them. The sample test's quiz
 * time is 15 minutes.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (day: string, minutes = 0) => Date.parse(`2026-03-${day}T09:00:00Z`) + minutes * MINUTE;

const READER = 'reader@lumenvault.example';
const TEAMMATE = 'teammate@lumenvault.example';
const THIRD = 'third@lumenvault.example';
const STRANGER = 'someone@orbitra.example';

type Video = { sent: number } | { skipped: number; reason: string } | null;
interface Candidate {
  id: string;
  day: string;
  /** Minutes from registering to the quiz's start, then in the quiz; null: not started / not finished. */
  quiz: 'not-started' | 'started' | number;
  /** Minutes after the quiz's end. */
  video?: Video;
  /** Minutes after the video step's end. */
  feedback?: number;
  checks?: { result: boolean; permission: string; videoInputs: number }[];
  invitation?: { id: string; extra: number; reminded?: boolean };
}

// The open link: 12 registered, 10 started the quiz, 9 finished it, 4 went past the video step.
const OPEN: Candidate[] = [
  { id: 'o1', day: '10', quiz: 10, video: { sent: 3 }, feedback: 2 },
  { id: 'o2', day: '10', quiz: 12, video: { sent: 4 }, feedback: 2 },
  { id: 'o3', day: '10', quiz: 14, video: { sent: 5 }, feedback: 3 },
  { id: 'o4', day: '10', quiz: 16, video: { skipped: 1, reason: 'camera-busy' }, feedback: 1 },
  { id: 'o5', day: '10', quiz: 18, checks: [{ result: false, permission: 'denied', videoInputs: 1 }] },
  {
    id: 'o6',
    day: '10',
    quiz: 20,
    checks: [
      { result: false, permission: 'prompt', videoInputs: 0 },
      { result: true, permission: 'granted', videoInputs: 1 },
    ],
  },
  { id: 'o7', day: '10', quiz: 22 },
  { id: 'o8', day: '11', quiz: 24, checks: [{ result: false, permission: 'granted', videoInputs: 0 }] },
  {
    id: 'o9',
    day: '11',
    quiz: 26,
    checks: [
      { result: false, permission: 'granted', videoInputs: 0 },
      { result: false, permission: 'denied', videoInputs: 1 },
    ],
  },
  { id: 'o10', day: '11', quiz: 'started' },
  { id: 'o11', day: '11', quiz: 'not-started' },
  { id: 'o12', day: '11', quiz: 'not-started' },
];

// Personal invitations made on 5 March: i1 to i8 never used (i7 and i8 opened), i9 to i15 used.
const PERSONAL: Candidate[] = [
  {
    id: 'p1',
    day: '12',
    quiz: 30,
    video: { sent: 2 },
    feedback: 1,
    invitation: { id: 'i9', extra: 100, reminded: true },
  },
  {
    id: 'p2',
    day: '12',
    quiz: 8,
    video: { sent: 6 },
    feedback: 4,
    invitation: { id: 'i10', extra: 25, reminded: true },
  },
  {
    id: 'p3',
    day: '12',
    quiz: 9,
    video: { skipped: 2, reason: 'no-camera' },
    feedback: 5,
    invitation: { id: 'i11', extra: 25, reminded: true },
  },
  {
    id: 'p4',
    day: '12',
    quiz: 11,
    video: { sent: 7 },
    feedback: 6,
    invitation: { id: 'i12', extra: 25, reminded: true },
  },
  {
    id: 'p5',
    day: '12',
    quiz: 13,
    video: { sent: 8 },
    feedback: 7,
    invitation: { id: 'i13', extra: 25, reminded: true },
  },
  { id: 'p6', day: '13', quiz: 15, video: { sent: 9 }, feedback: 8, invitation: { id: 'i14', extra: 0 } },
  { id: 'p7', day: '13', quiz: 'started', invitation: { id: 'i15', extra: 0, reminded: true } },
];

/** Writes one candidate's rows as the product would have: a session, its registration and each step. */
async function writeCandidate(db: Db, candidate: Candidate): Promise<void> {
  const sessionId = `insights-${candidate.id}`;
  const started = at(candidate.day);
  const quizStarted = candidate.quiz === 'not-started' ? null : started + MINUTE;
  await db
    .insertInto('sessions')
    .values({
      session_id: sessionId,
      test_id: testId,
      started_at: started,
      key_hash: null,
      invitation_id: candidate.invitation ? `insights-${candidate.invitation.id}` : null,
      quiz_started_at: quizStarted,
    })
    .execute();
  const payload = { deviceInfo: { browser: { name: 'Chromium', major: '140' } } };
  await db
    .insertInto('registrations')
    .values({
      session_id: sessionId,
      payload: JSON.stringify(payload),
      received_at: started,
      updated_at: started,
      full_name: 'Fixture Candidate',
      email: `${sessionId}@mail.example`,
      sort_name: 'fixture candidate',
    })
    .execute();
  if (quizStarted === null) return;
  const quizEnded = typeof candidate.quiz === 'number' ? quizStarted + candidate.quiz * MINUTE : null;
  await db
    .insertInto('answers')
    .values({
      session_id: sessionId,
      answers: '["<p>a</p>","",""]',
      proctoring: '{}',
      revision: 1,
      saved_at: quizStarted,
      received_at: quizEnded ?? quizStarted,
      final: quizEnded !== null,
      submitted_at: quizEnded,
      final_reason: quizEnded === null ? null : 'complete',
      tab_switches: 0,
      pastes: 0,
    })
    .execute();
  for (const [index, check] of (candidate.checks ?? []).entries()) {
    const { result, ...facts } = check;
    await db
      .insertInto('device_checks')
      .values({
        session_id: sessionId,
        check_id: `check-${index}`,
        facts: JSON.stringify({ secureContext: true, mediaDevicesAvailable: true, ...facts }),
        result,
        received_at: (quizEnded ?? started) + (index + 1) * 1000,
      })
      .execute();
  }
  if (quizEnded === null || !candidate.video) return;
  let videoEnded: number;
  if ('sent' in candidate.video) {
    videoEnded = quizEnded + candidate.video.sent * MINUTE;
    await db
      .insertInto('videos')
      .values({
        upload_id: `upload-${sessionId}`,
        session_id: sessionId,
        recording_id: null,
        declared_type: null,
        content_type: 'video/webm',
        bytes: 1000,
        duration_seconds: 30,
        created_at: quizEnded,
        completed_at: videoEnded,
      })
      .execute();
  } else {
    videoEnded = quizEnded + candidate.video.skipped * MINUTE;
    await db
      .insertInto('video_skips')
      .values({ session_id: sessionId, reason: JSON.stringify(candidate.video.reason), received_at: videoEnded })
      .execute();
  }
  if (candidate.feedback === undefined) return;
  const feedbackAt = videoEnded + candidate.feedback * MINUTE;
  await db
    .insertInto('feedback')
    .values({ session_id: sessionId, payload: '{}', received_at: feedbackAt, updated_at: feedbackAt, current_score: 3 })
    .execute();
}

async function writeInvitation(
  db: Db,
  id: string,
  options: { extra?: number; createdAt?: number; sessionId?: string | null; erased?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      invitation_id: `insights-${id}`,
      test_id: testId,
      token: `token${id.padStart(21, '0')}`,
      email: options.erased ? '' : `${id}@mail.example`,
      name: null,
      created_at: options.createdAt ?? at('05'),
      expires_at: at('05') + 30 * DAY,
      extra_time_percent: options.extra ?? 0,
      revoked_at: null,
      session_id: options.sessionId ?? null,
      finished_at: null,
      erased_at: options.erased ? at('20') : null,
    })
    .execute();
}

async function writeReminder(db: Db, invitationId: string, sentAt: number, kind = 'reminder'): Promise<void> {
  await db
    .insertInto('deliveries')
    .values({
      delivery_id: `${kind}-${invitationId}`,
      idempotency_key: `${kind}:insights-${invitationId}`,
      company_id: 'lumenvault',
      kind,
      recipient: `${invitationId}@mail.example`,
      invitation_id: `insights-${invitationId}`,
      session_id: null,
      state: 'sent',
      due_at: sentAt,
      last_error: null,
      sent_at: sentAt,
      created_at: sentAt,
      payload: null,
      last_status: null,
    })
    .execute();
}

async function writeRating(
  db: Db,
  candidate: string,
  reviewerId: string,
  version: number,
  scores: number[],
  recommendation: string,
): Promise<void> {
  await db
    .insertInto('ratings')
    .values({
      session_id: `insights-${candidate}`,
      reviewer_id: reviewerId,
      test_id: testId,
      rubric_version: version,
      scores: JSON.stringify(scores),
      recommendation,
      mean_score: scores.reduce((sum, score) => sum + score, 0) / scores.length,
      recommendation_rank: RECOMMENDATIONS.indexOf(recommendation as (typeof RECOMMENDATIONS)[number]),
      actor: reviewerId,
      at: at('20'),
    })
    .execute();
}

const criterion = (about: number, name: string) => ({
  about,
  name,
  anchors: { one: 'Weak', three: 'Sound', five: 'Strong' },
});

/** Opens a connection that may write, beside the server's own: SQLite's reads connection cannot. */
function writer(env: { DATA_DIR: string; DATABASE_URL?: string }, reads: Db): { db: Db; close(): Promise<void> } {
  if (env.DATABASE_URL) return { db: reads, close: async () => {} };
  const db = kyselyOf(openConnection(path.join(env.DATA_DIR, 'assessment.sqlite')));
  return { db, close: () => db.destroy() };
}

const fewer = null;

describe.each(TEST_DATABASES)('the Insights on $name', (database) => {
  let setting: Awaited<ReturnType<typeof reviewServer>>;
  const clock = testClock(at('20'));
  const reader = () => new ReviewerBrowser(setting.server.url);
  let readerBrowser: ReviewerBrowser;

  beforeAll(async () => {
    setting = await reviewServer(
      database,
      [
        { companyId: 'lumenvault', email: READER, name: 'Reader', role: 'admin' },
        { companyId: 'lumenvault', email: TEAMMATE, name: 'Teammate', role: 'reviewer' },
        { companyId: 'lumenvault', email: THIRD, name: 'Third', role: 'reviewer' },
        { companyId: 'orbitra-labs', email: STRANGER, name: 'Stranger', role: 'admin' },
      ],
      { now: clock.now },
    );
    const { db, close } = writer(setting.env, setting.reads);
    try {
      const ids = Object.fromEntries(
        await Promise.all(
          [READER, TEAMMATE, THIRD].map(
            async (email) =>
              [email, (await setting.stores.reviewers.reviewerOfEmail(email))?.reviewerId ?? ''] as const,
          ),
        ),
      );
      for (let index = 1; index <= 8; index += 1) await writeInvitation(db, `i${index}`);
      for (const candidate of PERSONAL) {
        const invitation = candidate.invitation;
        if (!invitation) continue;
        await writeInvitation(db, invitation.id, { extra: invitation.extra });
        await writeCandidate(db, candidate);
        await db
          .updateTable('invitations')
          .set({ session_id: `insights-${candidate.id}` })
          .where('invitation_id', '=', `insights-${invitation.id}`)
          .execute();
      }
      for (const candidate of OPEN) await writeCandidate(db, candidate);
      // i7 opened after its reminder, i8 only before it.
      await db
        .insertInto('invitation_opens')
        .values([
          { invitation_id: 'insights-i7', first_at: at('06'), last_at: at('09') },
          { invitation_id: 'insights-i8', first_at: at('06'), last_at: at('07') },
        ])
        .execute();
      // Reminders on 8 March: i1 to i8, and i9 to i13 and i15, whose candidates registered after it.
      for (const id of ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8']) await writeReminder(db, id, at('08'));
      for (const candidate of PERSONAL) {
        if (candidate.invitation?.reminded) await writeReminder(db, candidate.invitation.id, at('08'));
      }
      // The invitation email itself is not a reminder.
      await writeReminder(db, 'i1', at('05'), 'invitation');

      // Outside the period: an invitation of February whose candidate started in March, and a
      // February candidate of the open link who finished.
      await writeInvitation(db, 'i20', { createdAt: Date.parse('2026-02-20T09:00:00Z'), extra: 50 });
      await writeCandidate(db, { id: 'early1', day: '10', quiz: 40, invitation: { id: 'i20', extra: 50 } });
      await db
        .updateTable('invitations')
        .set({ session_id: 'insights-early1' })
        .where('invitation_id', '=', 'insights-i20')
        .execute();
      await writeCandidate(db, { id: 'early2', day: '10', quiz: 5, video: { sent: 1 }, feedback: 1 });
      await db
        .updateTable('sessions')
        .set({ started_at: Date.parse('2026-02-20T09:00:00Z') })
        .where('session_id', '=', 'insights-early2')
        .execute();

      // Rubric: version 1 with one criterion, version 2 (the latest) with two.
      for (const [version, criteria] of [
        [1, [criterion(1, 'Old reasoning')]],
        [2, [criterion(1, 'Reasoning'), criterion(2, 'Clarity')]],
      ] as const) {
        await db
          .insertInto('rubrics')
          .values({
            test_id: testId,
            version,
            criteria: JSON.stringify(criteria),
            actor: 'Reader',
            created_at: at('01'),
          })
          .execute();
      }
      const reading = ids[READER] ?? '';
      const teammate = ids[TEAMMATE] ?? '';
      const third = ids[THIRD] ?? '';
      await writeRating(db, 'o1', reading, 2, [4, 4], 'yes');
      await writeRating(db, 'o2', reading, 2, [4, 3], 'yes');
      await writeRating(db, 'o3', reading, 2, [4, 5], 'yes');
      await writeRating(db, 'o4', reading, 2, [3, 3], 'yes');
      await writeRating(db, 'p1', reading, 2, [5, 4], 'yes');
      await writeRating(db, 'p2', reading, 2, [4, 2], 'no');
      await writeRating(db, 'o1', teammate, 2, [4, 4], 'yes');
      await writeRating(db, 'o2', teammate, 2, [2, 3], 'yes');
      await writeRating(db, 'o3', teammate, 2, [4, 5], 'yes');
      await writeRating(db, 'o4', teammate, 2, [3, 3], 'yes');
      await writeRating(db, 'p1', teammate, 1, [5], 'strong-yes');
      await writeRating(db, 'o1', third, 2, [4, 1], 'strong-no');
      // A candidate the reader has not rated: nothing of a teammate's judgement of them counts.
      await writeRating(db, 'o5', third, 2, [1, 1], 'strong-no');
    } finally {
      await close();
    }

    // Two candidates who finished through the product in the period, then were erased on request.
    clock.set(at('14'));
    const open = await registered(setting.server.url);
    const made = await invite(setting.server.url, clock.now(), { extraTimePercent: 50 });
    const personal = await registerWith(setting.server.url, made.token);
    for (const unique of [open, personal.unique]) {
      expect((await postJson(setting.server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
      expect((await postJson(setting.server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    }
    clock.set(at('20'));
    readerBrowser = reader();
    expect((await readerBrowser.signIn(READER)).status).toBe(204);
    for (const unique of [open, personal.unique]) {
      expect((await readerBrowser.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
    }
  });

  afterAll(async () => {
    await setting?.close();
  });

  const look = async (browser: ReviewerBrowser, query: string) => {
    const response = await browser.send('GET', `/api/review/insights?${query}`);
    expect(response.status, response.text).toBe(200);
    // What the review page makes of it: the wire's own schema.
    return insightsSchema.parse(response.body);
  };

  it('counts every figure of a test in the database, each under 5 shown as fewer than 5', async () => {
    const insights = await look(readerBrowser, `testId=${testId}&from=2026-03-01&to=2026-03-31`);
    const step = (name: FunnelStep, count: number | null, dropOff: number | null) => ({ step: name, count, dropOff });
    const expected: Insights = {
      testId,
      from: '2026-03-01',
      to: '2026-03-31',
      funnel: {
        // 15 invited; opened: i7, i8 and the 7 used; p7 never finished the quiz.
        personal: [
          step('invited', 15, null),
          step('opened', 9, 6),
          step('registered', 7, fewer),
          step('quiz-started', 7, fewer),
          step('quiz-finished', 6, fewer),
          step('video', 6, fewer),
          step('feedback', 6, fewer),
          step('finished', 6, fewer),
        ],
        openLink: [
          step('registered', 12, null),
          step('quiz-started', 10, fewer),
          step('quiz-finished', 9, fewer),
          step('video', fewer, fewer),
          step('feedback', fewer, fewer),
          step('finished', fewer, fewer),
        ],
      },
      // Sent: o1, o2, o3, p1, p2, p4, p5, p6; skipped: o4 (camera busy), p3 (no camera).
      video: {
        sent: 8,
        skipped: fewer,
        reasons: [
          'camera-permission-denied',
          'camera-busy',
          'no-camera',
          'camera-unsuitable',
          'camera-unavailable',
          'device-check-failed',
          'recording-unavailable',
          'upload-refused',
          'upload-failing',
          'other',
        ].map((reason) => ({ reason: reason as Insights['video']['reasons'][number]['reason'], count: fewer })),
      },
      time: {
        sections: [
          // 8 9 10 11 12 13 14 [15] 16 18 20 22 24 [26] 30 minutes: 15 finished the quiz.
          { section: 'quiz', candidates: 15, medianMs: 15 * MINUTE, p90Ms: 26 * MINUTE },
          // 1 2 2 3 [4] 5 6 7 [8] 9
          { section: 'video', candidates: 10, medianMs: 4 * MINUTE, p90Ms: 8 * MINUTE },
          // 1 1 2 2 [3] 4 5 6 [7] 8
          { section: 'feedback', candidates: 10, medianMs: 3 * MINUTE, p90Ms: 7 * MINUTE },
        ],
        // p1 to p5 have extra time; only p1 (30 minutes) took longer than the test's 15.
        extraTime: { candidates: 5, used: fewer, share: fewer },
      },
      days: Array.from({ length: 31 }, (_, index) => {
        const day = `2026-03-${String(index + 1).padStart(2, '0')}`;
        // Started: o1-o7 on the 10th, o8-o12 on the 11th, p1-p5 on the 12th; finished: p1-p5 on the 12th.
        const counts: Record<string, { started: number | null; finished: number | null }> = {
          '2026-03-11': { started: 5, finished: fewer },
          '2026-03-10': { started: 7, finished: fewer },
          '2026-03-12': { started: 5, finished: 5 },
        };
        return { day, ...(counts[day] ?? { started: fewer, finished: fewer }) };
      }),
      ratings: {
        // o1-o4, p1, p2: rated by the reader; o5 is not.
        candidates: 6,
        criteria: [
          // Reasoning: 2 once, 3 twice, 4 seven times, 5 once.
          {
            name: 'Reasoning',
            scores: [1, 2, 3, 4, 5].map((score) => ({ score, count: score === 4 ? 7 : fewer })),
          },
          // Clarity: 1, 2, 3 ×4, 4 ×2, 5 ×2.
          { name: 'Clarity', scores: [1, 2, 3, 4, 5].map((score) => ({ score, count: fewer })) },
        ],
        otherVersions: fewer,
        // yes 9, no 1, strong yes 1, strong no 1.
        recommendations: [
          { recommendation: 'strong-no', count: fewer },
          { recommendation: 'no', count: fewer },
          { recommendation: 'yes', count: 9 },
          { recommendation: 'strong-yes', count: fewer },
        ],
        // Rated twice or more: o1-o4 and p1; marked: o1 (Clarity 4, 4, 1) and o2 (Reasoning 4, 2).
        discuss: { candidates: 5, share: fewer },
      },
      // o5 to o9: denied, passed, not checked, no camera, denied (its last check).
      videoStops: {
        stopped: 5,
        cameraChecks: ['passed', 'permission-denied', 'no-camera', 'unavailable', 'not-checked'].map((outcome) => ({
          outcome: outcome as Insights['videoStops']['cameraChecks'][number]['outcome'],
          count: fewer,
        })),
        browsers: [{ browser: 'Chromium', count: 5 }],
      },
      // 14 reminded; opened after: i7, and i9-i13 and i15 by registering.
      reminders: { reminded: 14, openedAfter: 7 },
    };
    expect(insights).toEqual(expected);
  });

  it('counts the hidden figures as the hand count says, before anything is hidden', async () => {
    const rubric = await setting.stores.ratings.rubric(testId);
    const scope = {
      testIds: [testId],
      from: at('01') - 9 * 60 * MINUTE,
      to: Date.parse('2026-04-01T00:00:00Z'),
      reviewerId: (await setting.stores.reviewers.reviewerOfEmail(READER))?.reviewerId ?? '',
      quizTimeMs: new Map([[testId, 15 * MINUTE]]),
      rubricVersion: rubric?.version ?? null,
    };
    const counts = await setting.stores.insights.counts(scope);
    expect(counts.openLink).toEqual({
      registered: 12,
      'quiz-started': 10,
      'quiz-finished': 9,
      video: 4,
      feedback: 4,
      finished: 4,
    });
    expect(counts.video.reasons).toMatchObject({ 'camera-busy': 1, 'no-camera': 1, other: 0 });
    expect(counts.extraTime).toEqual({ candidates: 5, used: 1 });
    expect(counts.videoStops.cameraChecks).toEqual({
      passed: 1,
      'permission-denied': 2,
      'no-camera': 1,
      unavailable: 0,
      'not-checked': 1,
    });
    expect(counts.days).toEqual([
      { day: at('10') / DAY - (9 * 60) / (24 * 60), started: 7, finished: 4 },
      { day: at('11') / DAY - (9 * 60) / (24 * 60), started: 5, finished: 0 },
      { day: at('12') / DAY - (9 * 60) / (24 * 60), started: 5, finished: 5 },
      { day: at('13') / DAY - (9 * 60) / (24 * 60), started: 2, finished: 1 },
    ]);
    const ratings = await setting.stores.insights.ratings(scope);
    expect(ratings.discuss).toEqual({ candidates: 5, marked: 2 });
    expect(ratings.otherVersions).toBe(1);
    expect(ratings.recommendations).toEqual({ 'strong-no': 1, no: 1, yes: 9, 'strong-yes': 1 });
  });

  it('covers all of the company tests, and no rubric then', async () => {
    const insights = await look(readerBrowser, 'from=2026-03-01&to=2026-03-31');
    expect(insights.testId).toBeNull();
    expect(insights.funnel.personal[0]).toEqual({ step: 'invited', count: 15, dropOff: null });
    expect(insights.ratings.criteria).toBeNull();
    // Only the period counts: one day holds what was started then.
    const tenth = await look(readerBrowser, `testId=${testId}&from=2026-03-10&to=2026-03-10`);
    expect(tenth.funnel.openLink[0]).toEqual({ step: 'registered', count: 7, dropOff: null });
    expect(tenth.funnel.personal[0]).toEqual({ step: 'invited', count: null, dropOff: null });
    expect(tenth.days).toEqual([{ day: '2026-03-10', started: 7, finished: null }]);
  });

  it('answers a reviewer of another company 404 for this company’s test, and refuses a bad period', async () => {
    const stranger = reader();
    expect((await stranger.signIn(STRANGER)).status).toBe(204);
    const refused = await stranger.send('GET', `/api/review/insights?testId=${testId}&from=2026-03-01&to=2026-03-31`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('15');
    // Their own tests hold nothing of this company's candidates.
    const own = await look(stranger, 'from=2026-03-01&to=2026-03-31');
    expect(own.funnel.openLink[0]?.count).toBeNull();
    const backwards = await readerBrowser.send('GET', '/api/review/insights?from=2026-03-31&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('to: must not be before from');
    const tooLong = await readerBrowser.send('GET', '/api/review/insights?from=2025-01-01&to=2026-03-01');
    expect(tooLong.status).toBe(400);
    const noSuchDay = await readerBrowser.send('GET', '/api/review/insights?from=2026-02-31&to=2026-03-01');
    expect(noSuchDay.body.error).toBe('from: must be a day of the calendar');
  });

  it('keeps when a personal link was first opened, and forgets it with whom the invitation was for', async () => {
    const april = Date.parse('2026-04-02T09:00:00Z');
    clock.set(april);
    const made = await invite(setting.server.url, april);
    const scope = {
      testIds: [testId],
      from: Date.parse('2026-04-01T00:00:00Z'),
      to: Date.parse('2026-05-01T00:00:00Z'),
      reviewerId: 'nobody',
      quizTimeMs: new Map([[testId, 15 * MINUTE]]),
      rubricVersion: null,
    };
    expect((await setting.stores.insights.counts(scope)).personal).toMatchObject({ invited: 1, opened: 0 });
    const check = await invitationStatus(setting.server.url, { invitation: made.token });
    expect(check.status).toBe(200);
    expect((await setting.stores.insights.counts(scope)).personal).toMatchObject({ invited: 1, opened: 1 });
    const admin = reader();
    expect((await admin.signIn(READER)).status).toBe(204);
    expect((await admin.send('DELETE', `/api/review/invitations/${made.invitationId}`)).status).toBe(200);
    expect((await setting.stores.insights.counts(scope)).personal).toMatchObject({ invited: 0, opened: 0 });
    const opens = await setting.reads.selectFrom('invitation_opens').selectAll().execute();
    expect(opens.map((row) => row.invitation_id)).toEqual(['insights-i7', 'insights-i8']);
  });
});
