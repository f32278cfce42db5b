import {
  CAMERA_OUTCOMES,
  type CameraOutcome,
  DISCUSS_SPREAD,
  FUNNEL_STEPS,
  type FunnelStep,
  type OPEN_LINK_FUNNEL_STEPS,
  OTHER_GROUP,
  RECOMMENDATIONS,
  type Recommendation,
  type SkipGroup,
  TIMED_SECTIONS,
  type TimedSection,
  VIDEO_SKIP_REASONS,
} from '@assessment/core';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';

/**
 * The company's Insights (issue 57), counted in the database: one statement for the candidates of
 * a period and everything about them, one more for the team's ratings of them. Only counts and
 * percentiles leave the database, never a candidate's row; what a reviewer may see of them is
 * decided by the caller (`api/src/review/insights.ts`).
 *
 * The candidates of a period: the personal invitations made in it (not erased), with the session
 * each led to, whenever it started, and the sessions opened by the open link in it. Each is
 * followed to where they are now.
 */

const DAY_MS = 86_400_000;

export interface InsightScope {
  testIds: readonly string[];
  /** The period's first millisecond. */
  from: number;
  /** The millisecond after the period. */
  to: number;
  /** The reader: the team's ratings are counted only for the candidates they rated themselves. */
  reviewerId: string;
  /** Each test's own quiz time in ms, without extra time: who took longer used theirs. */
  quizTimeMs: ReadonlyMap<string, number>;
  /** The rubric version whose criteria are counted score by score (one test's latest), or null. */
  rubricVersion: number | null;
}

export type OpenLinkStep = (typeof OPEN_LINK_FUNNEL_STEPS)[number];

/** Every figure, as counted: nothing hidden yet. */
export interface InsightCounts {
  personal: Record<FunnelStep, number>;
  openLink: Record<OpenLinkStep, number>;
  video: { sent: number; skipped: number; reasons: Record<SkipGroup, number> };
  sections: Record<TimedSection, { candidates: number; medianMs: number | null; p90Ms: number | null }>;
  extraTime: { candidates: number; used: number };
  /** Days since the epoch (UTC) with something to count. */
  days: { day: number; started: number; finished: number }[];
  videoStops: { stopped: number; cameraChecks: Record<CameraOutcome, number>; browsers: Map<string, number> };
  reminders: { reminded: number; openedAfter: number };
}

export interface RatingCounts {
  candidates: number;
  /** Ratings under `rubricVersion`, by criterion (from 0) and score. */
  scores: { criterion: number; score: number; count: number }[];
  otherVersions: number;
  recommendations: Record<Recommendation, number>;
  /** Candidates rated by two or more, and of them those whose ratings of a criterion are 2 or more apart. */
  discuss: { candidates: number; marked: number };
}

export interface InsightsStore {
  counts(scope: InsightScope): Promise<InsightCounts>;
  ratings(scope: InsightScope): Promise<RatingCounts>;
}

/** 1 where the condition holds, else 0, on both databases. */
const when = (condition: RawBuilder<unknown>) => sql<number>`CASE WHEN ${condition} THEN 1 ELSE 0 END`;
const total = (condition: RawBuilder<unknown>) => sql<number>`coalesce(sum(${when(condition)}), 0)`;

/**
 * The candidates of the period, one row each: a personal invitation made in it, with its session
 * if it has one, or a session opened by the open link in it.
 */
function candidatesOf(db: Db, dialect: Dialect, scope: InsightScope) {
  const tests = dialect.textList(scope.testIds);
  const personal = db
    .selectFrom('invitations as i')
    .leftJoin('invitation_opens as o', 'o.invitation_id', 'i.invitation_id')
    .select([
      sql<number>`1`.as('personal'),
      sql<string | null>`i.invitation_id`.as('invitation_id'),
      'i.session_id as session_id',
      sql<number | null>`o.last_at`.as('opened_at'),
      sql<number>`i.extra_time_percent`.as('extra_time_percent'),
    ])
    .where(sql<boolean>`i.test_id IN ${tests}`)
    .where('i.created_at', '>=', scope.from)
    .where('i.created_at', '<', scope.to)
    .where('i.erased_at', 'is', null);
  const openLink = db
    .selectFrom('sessions as s')
    .select([
      sql<number>`0`.as('personal'),
      sql<string | null>`NULL`.as('invitation_id'),
      sql<string | null>`s.session_id`.as('session_id'),
      sql<number | null>`NULL`.as('opened_at'),
      sql<number>`0`.as('extra_time_percent'),
    ])
    .where(sql<boolean>`s.test_id IN ${tests}`)
    .where('s.invitation_id', 'is', null)
    .where('s.preview_release_id', 'is', null)
    .where('s.started_at', '>=', scope.from)
    .where('s.started_at', '<', scope.to);
  return personal.unionAll(openLink);
}

/** Each test's own quiz time, by the session's test. */
function quizTime(scope: InsightScope): RawBuilder<number> {
  const cases = [...scope.quizTimeMs].map(([testId, ms]) => sql`WHEN ${testId} THEN ${sql.lit(ms)}`);
  return cases.length === 0 ? sql<number>`NULL` : sql<number>`CASE test_id ${sql.join(cases, sql` `)} END`;
}

/**
 * One row per candidate of the period with the times of each step (the server's clock), kept in
 * the statement once (MATERIALIZED): every figure below reads it, never the tables again.
 */
function facts(db: Db, dialect: Dialect, scope: InsightScope) {
  return db
    .selectFrom(candidatesOf(db, dialect, scope).as('m'))
    .leftJoin('sessions as s', 's.session_id', 'm.session_id')
    .leftJoin('answers as a', 'a.session_id', 's.session_id')
    .leftJoin('quiz_completions as c', 'c.session_id', 's.session_id')
    .leftJoin('video_skips as k', 'k.session_id', 's.session_id')
    .leftJoin('feedback as f', 'f.session_id', 's.session_id')
    .select([
      'm.personal',
      'm.opened_at',
      'm.extra_time_percent',
      's.session_id',
      's.test_id',
      's.started_at',
      's.quiz_started_at',
      sql<number>`CASE WHEN a.session_id IS NOT NULL THEN 1 ELSE 0 END`.as('answered'),
      sql<number | null>`coalesce(a.submitted_at, c.received_at)`.as('quiz_ended_at'),
      sql<number | null>`(SELECT min(v.completed_at) FROM videos v WHERE v.session_id = s.session_id)`.as('video_at'),
      sql<number | null>`k.received_at`.as('skipped_at'),
      sql<string | null>`k.reason`.as('skip_reason'),
      sql<number | null>`f.received_at`.as('feedback_at'),
      sql<number | null>`CASE WHEN m.personal = 1 THEN (SELECT min(d.sent_at) FROM deliveries d
        WHERE d.invitation_id = m.invitation_id AND d.kind = 'reminder') END`.as('reminded_at'),
    ]);
}

// Where a candidate of `facts` has got to: each step reached by its own event or any later one's.
const registered = sql`session_id IS NOT NULL`;
const feedbackSent = sql`feedback_at IS NOT NULL`;
const videoDone = sql`(video_at IS NOT NULL OR skipped_at IS NOT NULL)`;
const videoReached = sql`(${videoDone} OR ${feedbackSent})`;
const quizFinished = sql`(quiz_ended_at IS NOT NULL OR ${videoReached})`;
const quizStarted = sql`(quiz_started_at IS NOT NULL OR answered = 1 OR ${quizFinished})`;
const finished = sql`(${feedbackSent} AND quiz_ended_at IS NOT NULL AND ${videoDone})`;
const STEPS: Record<OpenLinkStep, RawBuilder<unknown>> = {
  registered,
  'quiz-started': quizStarted,
  'quiz-finished': quizFinished,
  video: videoReached,
  feedback: feedbackSent,
  finished,
};
/** Finished the quiz, and nothing since. */
const stopped = sql<boolean>`(quiz_ended_at IS NOT NULL AND NOT ${videoReached})`;
/** The moment the video step ended: the recording, or going on without one, whichever came first. */
const videoEnded = sql`CASE WHEN video_at IS NULL OR (skipped_at IS NOT NULL AND skipped_at < video_at) THEN skipped_at ELSE video_at END`;
const finishedAt = sql<number>`CASE WHEN ${finished} THEN feedback_at END`;

/** Each section's time, from the server's times of its first and its last event. */
const SECTION_TIMES: Record<TimedSection, RawBuilder<number | null>> = {
  quiz: sql`CASE WHEN quiz_ended_at >= quiz_started_at THEN quiz_ended_at - quiz_started_at END`,
  video: sql`CASE WHEN ${videoEnded} >= quiz_ended_at THEN ${videoEnded} - quiz_ended_at END`,
  feedback: sql`CASE WHEN feedback_at >= ${videoEnded} THEN feedback_at - ${videoEnded} END`,
};

/** A section's times, each with its rank among them (from 1) and how many there are. */
const ranked = (section: TimedSection) =>
  sql<{ ms: number; rn: number; n: number }>`(SELECT ms, row_number() OVER (ORDER BY ms) AS rn, count(*) OVER () AS n
    FROM (SELECT ${SECTION_TIMES[section]} AS ms FROM facts) timed WHERE ms IS NOT NULL)`;

/** The last failed check's facts tell why the camera did not work; a check that passed is enough. */
function cameraOutcome(dialect: Dialect): RawBuilder<CameraOutcome> {
  const last = (path: string[]) =>
    sql`(SELECT ${dialect.jsonText(sql`dc.facts`, path)} FROM device_checks dc
      WHERE dc.session_id = facts.session_id ORDER BY dc.received_at DESC, dc.check_id DESC LIMIT 1)`;
  const passed = sql`EXISTS (SELECT 1 FROM device_checks dp WHERE dp.session_id = facts.session_id AND dp.result = ${sql.lit(true)})`;
  const checked = sql`EXISTS (SELECT 1 FROM device_checks dn WHERE dn.session_id = facts.session_id)`;
  return sql<CameraOutcome>`CASE
    WHEN ${passed} THEN 'passed'
    WHEN NOT ${checked} THEN 'not-checked'
    WHEN ${last(['permission'])} = 'denied' THEN 'permission-denied'
    WHEN CAST(${last(['videoInputs'])} AS integer) = 0 THEN 'no-camera'
    ELSE 'unavailable' END`;
}

/** The browser a candidate registered with, as their device record names it. */
const browserOf = (dialect: Dialect) =>
  sql<string | null>`${dialect.jsonText(sql`r.payload`, ['deviceInfo', 'browser', 'name'])}`;

const KNOWN_SKIPS = VIDEO_SKIP_REASONS.map((reason) => JSON.stringify(reason));

function toNumber(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

const optionalNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function createInsightsStore({ reads: db, dialect }: Storage): InsightsStore {
  return {
    async counts(scope) {
      const stepColumns = (personal: 0 | 1) =>
        Object.entries(STEPS).map(([step, reached]) =>
          total(sql`personal = ${sql.lit(personal)} AND ${reached}`).as(`${personal ? 'p' : 'o'}_${step}`),
        );
      const skippedOnly = sql`skipped_at IS NOT NULL AND video_at IS NULL`;
      const reasonColumns = KNOWN_SKIPS.map((reason, index) =>
        total(sql`${skippedOnly} AND skip_reason = ${reason}`).as(`skip_${index}`),
      );
      const withExtra = sql`extra_time_percent > 0 AND quiz_ended_at IS NOT NULL AND quiz_started_at IS NOT NULL`;
      const dayNumber = (at: RawBuilder<number | null>) => sql<number>`${at} / ${sql.lit(DAY_MS)}`;
      const inPeriod = (at: RawBuilder<number | null>) => sql<boolean>`${at} >= ${scope.from} AND ${at} < ${scope.to}`;
      const row = await db
        .with(
          (cte) => cte('facts').materialized(),
          () => facts(db, dialect, scope),
        )
        .selectFrom('facts')
        .select((eb) => [
          sql<number>`coalesce(sum(personal), 0)`.as('p_invited'),
          total(sql`personal = 1 AND (opened_at IS NOT NULL OR ${registered})`).as('p_opened'),
          ...stepColumns(1),
          ...stepColumns(0),
          total(sql`video_at IS NOT NULL`).as('video_sent'),
          total(skippedOnly).as('video_skipped'),
          total(sql`${skippedOnly} AND skip_reason NOT IN (${sql.join(KNOWN_SKIPS)})`).as('skip_other'),
          ...reasonColumns,
          total(withExtra).as('extra_n'),
          total(sql`${withExtra} AND ${SECTION_TIMES.quiz} > ${quizTime(scope)}`).as('extra_used'),
          total(stopped).as('stopped'),
          total(sql`reminded_at IS NOT NULL`).as('reminded'),
          total(sql`reminded_at IS NOT NULL AND (opened_at > reminded_at OR started_at > reminded_at)`).as(
            'opened_after',
          ),
          dialect
            .jsonArrayFrom(
              TIMED_SECTIONS.map((section) =>
                eb.selectFrom(ranked(section).as('ranked')).select([
                  sql.lit(section).as('section'),
                  sql<number>`count(*)`.as('candidates'),
                  // Nearest rank: the ceil(n / 2)th and the ceil(9n / 10)th, in integers.
                  sql<number | null>`max(CASE WHEN rn = (n + 1) / 2 THEN ms END)`.as('median'),
                  sql<number | null>`max(CASE WHEN rn = (9 * n + 9) / 10 THEN ms END)`.as('p90'),
                ]),
              ).reduce((all, next) => all.unionAll(next)),
            )
            .as('sections'),
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('facts')
                .select([dayNumber(sql`started_at`).as('day'), sql<number>`count(*)`.as('count')])
                .where(inPeriod(sql`started_at`))
                .groupBy(dayNumber(sql`started_at`)),
            )
            .as('started_days'),
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('facts')
                .select([dayNumber(finishedAt).as('day'), sql<number>`count(*)`.as('count')])
                .where(inPeriod(finishedAt))
                .groupBy(dayNumber(finishedAt)),
            )
            .as('finished_days'),
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('facts')
                .select([cameraOutcome(dialect).as('outcome'), sql<number>`count(*)`.as('count')])
                .where(stopped)
                .groupBy(cameraOutcome(dialect)),
            )
            .as('camera_checks'),
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('facts')
                .innerJoin('registrations as r', 'r.session_id', 'facts.session_id')
                .select([browserOf(dialect).as('browser'), sql<number>`count(*)`.as('count')])
                .where(stopped)
                .groupBy(browserOf(dialect)),
            )
            .as('browsers'),
        ])
        .executeTakeFirstOrThrow();
      const number = (name: string) => toNumber((row as Record<string, unknown>)[name]);
      const list = <Item>(text: string) => JSON.parse(text) as Item[];

      const personal = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, number(`p_${step}`)])) as Record<
        FunnelStep,
        number
      >;
      const openLink = Object.fromEntries(Object.keys(STEPS).map((step) => [step, number(`o_${step}`)])) as Record<
        OpenLinkStep,
        number
      >;
      const reasons = Object.fromEntries([
        ...VIDEO_SKIP_REASONS.map((reason, index) => [reason, number(`skip_${index}`)]),
        [OTHER_GROUP, number('skip_other')],
      ]) as Record<SkipGroup, number>;
      const sections = Object.fromEntries(
        TIMED_SECTIONS.map((section) => [section, { candidates: 0, medianMs: null, p90Ms: null }]),
      ) as InsightCounts['sections'];
      for (const entry of list<{
        section: TimedSection;
        candidates: number;
        median: number | null;
        p90: number | null;
      }>(row.sections)) {
        sections[entry.section] = {
          candidates: Number(entry.candidates),
          medianMs: optionalNumber(entry.median),
          p90Ms: optionalNumber(entry.p90),
        };
      }
      const days = new Map<number, { day: number; started: number; finished: number }>();
      const dayOf = (day: number) => {
        let entry = days.get(day);
        if (!entry) {
          entry = { day, started: 0, finished: 0 };
          days.set(day, entry);
        }
        return entry;
      };
      for (const { day, count } of list<{ day: number; count: number }>(row.started_days)) {
        dayOf(Number(day)).started = Number(count);
      }
      for (const { day, count } of list<{ day: number; count: number }>(row.finished_days)) {
        dayOf(Number(day)).finished = Number(count);
      }
      const cameraChecks = Object.fromEntries(CAMERA_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
        CameraOutcome,
        number
      >;
      for (const { outcome, count } of list<{ outcome: CameraOutcome; count: number }>(row.camera_checks)) {
        cameraChecks[outcome] = Number(count);
      }
      const browsers = new Map<string, number>();
      for (const { browser, count } of list<{ browser: string | null; count: number }>(row.browsers)) {
        const name = browser?.trim() || OTHER_GROUP;
        browsers.set(name, (browsers.get(name) ?? 0) + Number(count));
      }
      return {
        personal,
        openLink,
        video: { sent: number('video_sent'), skipped: number('video_skipped'), reasons },
        sections,
        extraTime: { candidates: number('extra_n'), used: number('extra_used') },
        days: [...days.values()].sort((a, b) => a.day - b.day),
        videoStops: { stopped: number('stopped'), cameraChecks, browsers },
        reminders: { reminded: number('reminded'), openedAfter: number('opened_after') },
      };
    },

    async ratings(scope) {
      const tests = dialect.textList(scope.testIds);
      // A rating counts when its candidate is one of the period's and the reader rated them too.
      const rated = sql`(SELECT r.session_id, r.rubric_version, r.scores, r.recommendation
        FROM ratings r
        JOIN sessions s ON s.session_id = r.session_id
        LEFT JOIN invitations i ON i.invitation_id = s.invitation_id
        WHERE r.test_id IN ${tests}
          AND CASE WHEN s.invitation_id IS NULL
            THEN s.started_at >= ${scope.from} AND s.started_at < ${scope.to}
            ELSE i.created_at >= ${scope.from} AND i.created_at < ${scope.to} AND i.erased_at IS NULL END
          AND EXISTS (SELECT 1 FROM ratings mine WHERE mine.session_id = r.session_id AND mine.reviewer_id = ${scope.reviewerId}))`;
      const items = dialect.jsonArrayItems(sql`rated.scores`, 'e');
      const version = scope.rubricVersion ?? -1;
      const twice = sql`(SELECT session_id FROM ${rated} rated GROUP BY session_id HAVING count(*) >= 2)`;
      // A criterion's ratings 2 or more apart (`DISCUSS_SPREAD`), under one version of the rubric.
      const apart = sql`(SELECT rated.session_id FROM ${rated} rated, ${items.from}
        WHERE ${items.item} IS NOT NULL
        GROUP BY rated.session_id, rated.rubric_version, ${items.position}
        HAVING max(${items.item}) - min(${items.item}) >= ${sql.lit(DISCUSS_SPREAD)})`;
      const [totals, recommendationRows, scoreRows] = await Promise.all([
        sql<{ candidates: number; other_versions: number; discuss_candidates: number; discuss_marked: number }>`SELECT
          (SELECT count(DISTINCT session_id) FROM ${rated} rated) AS candidates,
          (SELECT count(*) FROM ${rated} rated WHERE rubric_version <> ${version}) AS other_versions,
          (SELECT count(*) FROM ${twice} twice) AS discuss_candidates,
          (SELECT count(DISTINCT session_id) FROM ${apart} apart WHERE session_id IN ${twice}) AS discuss_marked`.execute(
          db,
        ),
        sql<{ recommendation: string; count: number }>`SELECT recommendation, count(*) AS count
          FROM ${rated} rated GROUP BY recommendation`.execute(db),
        sql<{ criterion: number; score: number; count: number }>`SELECT ${items.position} AS criterion,
          ${items.item} AS score, count(*) AS count
          FROM ${rated} rated, ${items.from}
          WHERE rated.rubric_version = ${version} AND ${items.item} IS NOT NULL
          GROUP BY ${items.position}, ${items.item}`.execute(db),
      ]);
      const row = totals.rows[0];
      const recommendations = Object.fromEntries(RECOMMENDATIONS.map((name) => [name, 0])) as Record<
        Recommendation,
        number
      >;
      for (const { recommendation, count } of recommendationRows.rows) {
        if (recommendation in recommendations) recommendations[recommendation as Recommendation] = Number(count);
      }
      return {
        candidates: toNumber(row?.candidates),
        scores: scoreRows.rows.map((entry) => ({
          criterion: Number(entry.criterion),
          score: Number(entry.score),
          count: Number(entry.count),
        })),
        otherVersions: scope.rubricVersion === null ? 0 : toNumber(row?.other_versions),
        recommendations,
        discuss: { candidates: toNumber(row?.discuss_candidates), marked: toNumber(row?.discuss_marked) },
      };
    },
  };
}
