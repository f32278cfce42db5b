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
 * a period and everything about them, one for the percentiles of their times, one more for the
 * team's ratings of them. Only counts and
 * percentiles leave the database, never a candidate's row; what a reviewer may see of them is
 * decided by the caller (`api/src/review/insights.ts`).
 *
 * The candidates of a period: the personal invitations made in it (not erased), with the session
 * each led to, whenever it started, and the sessions opened by the open link in it. Each is
 * followed to where they are now.
 */

export interface InsightScope {
  testIds: readonly string[];
  /** The period's first day, as its first millisecond (UTC): the period is whole days. */
  from: number;
  /** The day after the period, as its first millisecond. */
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

/** Each test's own quiz time, by the candidate's test (a personal invitation's session is of its test). */
function quizTime(scope: InsightScope): RawBuilder<number> {
  const cases = [...scope.quizTimeMs].map(([testId, ms]) => sql`WHEN ${testId} THEN ${sql.lit(ms)}`);
  return cases.length === 0 ? sql<number>`NULL` : sql<number>`CASE test_id ${sql.join(cases, sql` `)} END`;
}

/**
 * The candidates of the scope's tests and period, as the database keeps them, one row each with
 * the times of their steps and what they count for (`insight_facts`,
 * `db/migrations/0035-insight-facts.ts`). Each figure reads them by the index made for it, in its
 * order. Every such index begins with the test, and none with the test and the period, so a
 * figure costs a walk of its test's entries, however short the period.
 */
function candidates(db: Db, dialect: Dialect, scope: InsightScope) {
  const [only] = scope.testIds;
  return db
    .selectFrom('insight_facts')
    .where(
      scope.testIds.length === 1 && only !== undefined
        ? sql<boolean>`test_id = ${only}`
        : sql<boolean>`test_id IN ${dialect.textList(scope.testIds)}`,
    )
    .where('period_at', '>=', scope.from)
    .where('period_at', '<', scope.to);
}

/** What a row counts for, and the days it started and finished on (`kinds` below): every count is a sum of kinds. */
const KIND = [
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
] as const;

/** The count of the candidates of the kinds where `condition` holds. */
const total = (condition: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(CASE WHEN ${condition} THEN n ELSE 0 END), 0)`;

/** Each step of the funnel, reached by its own event or any later one's: the furthest `step` tells. */
const STEPS: Record<OpenLinkStep, RawBuilder<unknown>> = {
  registered: sql`step >= 2`,
  'quiz-started': sql`step >= 3`,
  'quiz-finished': sql`step >= 4`,
  video: sql`step >= 5`,
  feedback: sql`step >= 6`,
  finished: sql`finished = 1`,
};
/** Finished the quiz, and nothing since. */
const STOPPED = 4;

/** Each section's time, as the table keeps it beside the times it is computed from. */
const SECTION_TIMES: Record<TimedSection, 'quiz_ms' | 'video_ms' | 'feedback_ms'> = {
  quiz: 'quiz_ms',
  video: 'video_ms',
  feedback: 'feedback_ms',
};

/** Nearest rank: the ceil(n / 2)th and the ceil(9n / 10)th of n times, from 1, in integers. */
const medianRank = (n: number) => Math.floor((n + 1) / 2);
const p90Rank = (n: number) => Math.floor((9 * n + 9) / 10);

/** The time of a section at `rank` (from 1): its index holds a test's times in order, to walk to it. */
function timeAt(db: Db, dialect: Dialect, scope: InsightScope, section: TimedSection, rank: number) {
  const column = SECTION_TIMES[section];
  return candidates(db, dialect, scope)
    .select(column)
    .where(column, 'is not', null)
    .orderBy(column)
    .limit(1)
    .offset(rank - 1);
}

/**
 * The browser a candidate registered with, as their device record names it: read from the
 * registrations of the candidates counted, not kept by a trigger, which would read it at every
 * registration (a registration's free texts may hold what PostgreSQL's JSON functions refuse).
 */
const browserOf = (dialect: Dialect) =>
  sql<string | null>`${dialect.jsonText(sql`r.payload`, ['deviceInfo', 'browser', 'name'])}`;

const KNOWN_SKIPS = VIDEO_SKIP_REASONS.map((reason) => JSON.stringify(reason));

function toNumber(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

const optionalNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const DAY_MS = 86_400_000;

export function createInsightsStore({ plannedReads: db, dialect }: Storage): InsightsStore {
  return {
    async counts(scope) {
      const stepColumns = (personal: 0 | 1) =>
        Object.entries(STEPS).map(([step, reached]) =>
          total(sql`personal = ${sql.lit(personal)} AND ${reached}`).as(`${personal ? 'p' : 'o'}_${step}`),
        );
      const skippedOnly = sql`video = 2`;
      const reasonColumns = KNOWN_SKIPS.map((reason, index) =>
        total(sql`${skippedOnly} AND skip_reason = ${reason}`).as(`skip_${index}`),
      );
      const stopped = sql`step = ${sql.lit(STOPPED)}`;
      const kinds = candidates(db, dialect, scope)
        .select([
          ...KIND,
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(CASE WHEN with_extra = 1 AND quiz_ms > ${quizTime(scope)} THEN 1 ELSE 0 END), 0)`.as(
            'used',
          ),
          ...TIMED_SECTIONS.map((section) => sql<number>`count(${sql.ref(SECTION_TIMES[section])})`.as(`${section}_n`)),
        ])
        .groupBy([...KIND]);
      // The scope is whole days: a time is in it when its day is.
      const inPeriod = (day: 'started_day' | 'finished_day') =>
        sql<boolean>`${sql.ref(day)} >= ${scope.from / DAY_MS} AND ${sql.ref(day)} < ${scope.to / DAY_MS}`;
      const row = await db
        .with(
          (cte) => cte('kinds').materialized(),
          () => kinds,
        )
        .selectFrom('kinds')
        .select((eb) => {
          const perDay = (day: 'started_day' | 'finished_day') =>
            dialect.jsonArrayFrom(
              eb
                .selectFrom('kinds')
                .select([sql<number>`${sql.ref(day)}`.as('day'), sql<number>`sum(n)`.as('count')])
                .where(inPeriod(day))
                .groupBy(day),
            );
          return [
            total(sql`personal = 1`).as('p_invited'),
            total(sql`personal = 1 AND step >= 1`).as('p_opened'),
            ...stepColumns(1),
            ...stepColumns(0),
            total(sql`video = 1`).as('video_sent'),
            total(skippedOnly).as('video_skipped'),
            total(sql`${skippedOnly} AND skip_reason NOT IN (${sql.join(KNOWN_SKIPS)})`).as('skip_other'),
            ...reasonColumns,
            total(sql`with_extra = 1`).as('extra_n'),
            sql<number>`coalesce(sum(used), 0)`.as('extra_used'),
            total(stopped).as('stopped'),
            ...CAMERA_OUTCOMES.map((outcome, index) =>
              total(sql`${stopped} AND camera_outcome = ${outcome}`).as(`camera_${index}`),
            ),
            total(sql`reminded >= 1`).as('reminded'),
            total(sql`reminded = 2`).as('opened_after'),
            ...TIMED_SECTIONS.map((section) =>
              sql<number>`coalesce(sum(${sql.ref(`${section}_n`)}), 0)`.as(`${section}_n`),
            ),
            perDay('started_day').as('started_days'),
            perDay('finished_day').as('finished_days'),
            dialect
              .jsonArrayFrom(
                candidates(db, dialect, scope)
                  .innerJoin('registrations as r', 'r.session_id', 'insight_facts.session_id')
                  .select([browserOf(dialect).as('browser'), sql<number>`count(*)`.as('count')])
                  .where('step', '=', STOPPED)
                  .groupBy(browserOf(dialect)),
              )
              .as('browsers'),
          ];
        })
        .executeTakeFirstOrThrow();
      const number = (name: string) => toNumber((row as Record<string, unknown>)[name]);
      const list = <Item>(text: string) => JSON.parse(text) as Item[];

      // The percentiles, once the counts tell at which rank each is.
      const timed = TIMED_SECTIONS.filter((section) => number(`${section}_n`) > 0);
      const times: Record<string, unknown> =
        timed.length === 0
          ? {}
          : await db
              .selectNoFrom(() =>
                timed.flatMap((section) => {
                  const n = number(`${section}_n`);
                  return [
                    timeAt(db, dialect, scope, section, medianRank(n)).as(`${section}_median`),
                    timeAt(db, dialect, scope, section, p90Rank(n)).as(`${section}_p90`),
                  ];
                }),
              )
              .executeTakeFirstOrThrow();

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
        TIMED_SECTIONS.map((section) => [
          section,
          {
            candidates: number(`${section}_n`),
            medianMs: optionalNumber(times[`${section}_median`]),
            p90Ms: optionalNumber(times[`${section}_p90`]),
          },
        ]),
      ) as InsightCounts['sections'];
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
      const cameraChecks = Object.fromEntries(
        CAMERA_OUTCOMES.map((outcome, index) => [outcome, number(`camera_${index}`)]),
      ) as Record<CameraOutcome, number>;
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
      // A criterion's ratings 2 or more apart (`DISCUSS_SPREAD`), under one version of the rubric.
      const apart = sql`(SELECT rated.session_id FROM rated, ${items.from}
        WHERE ${items.item} IS NOT NULL
        GROUP BY rated.session_id, rated.rubric_version, ${items.position}
        HAVING max(${items.item}) - min(${items.item}) >= ${sql.lit(DISCUSS_SPREAD)})`;
      const list = (query: RawBuilder<unknown>, columns: string[]) =>
        dialect.jsonArrayFrom(
          db.selectFrom(query.as('listed')).select(columns.map((column) => sql.ref(column).as(column))),
        );
      // One statement, which finds the ratings that count once (MATERIALIZED) and counts them every way.
      const { rows } = await sql<{
        candidates: number;
        other_versions: number;
        discuss_candidates: number;
        discuss_marked: number;
        recommendations: string;
        scores: string;
      }>`WITH rated AS MATERIALIZED ${rated},
        twice AS (SELECT session_id FROM rated GROUP BY session_id HAVING count(*) >= 2)
        SELECT
          (SELECT count(DISTINCT session_id) FROM rated) AS candidates,
          (SELECT count(*) FROM rated WHERE rubric_version <> ${version}) AS other_versions,
          (SELECT count(*) FROM twice) AS discuss_candidates,
          (SELECT count(DISTINCT session_id) FROM ${apart} apart
            WHERE session_id IN (SELECT session_id FROM twice)) AS discuss_marked,
          ${list(sql`(SELECT recommendation, count(*) AS count FROM rated GROUP BY recommendation)`, ['recommendation', 'count'])} AS recommendations,
          ${list(
            sql`(SELECT ${items.position} AS criterion, ${items.item} AS score, count(*) AS count
            FROM rated, ${items.from}
            WHERE rated.rubric_version = ${version} AND ${items.item} IS NOT NULL
            GROUP BY ${items.position}, ${items.item})`,
            ['criterion', 'score', 'count'],
          )} AS scores`.execute(db);
      const row = rows[0];
      const recommendations = Object.fromEntries(RECOMMENDATIONS.map((name) => [name, 0])) as Record<
        Recommendation,
        number
      >;
      const listed = <Item>(text: string | undefined) => (text === undefined ? [] : (JSON.parse(text) as Item[]));
      for (const { recommendation, count } of listed<{ recommendation: string; count: number }>(row?.recommendations)) {
        if (recommendation in recommendations) recommendations[recommendation as Recommendation] = Number(count);
      }
      return {
        candidates: toNumber(row?.candidates),
        scores: listed<{ criterion: number; score: number; count: number }>(row?.scores).map((entry) => ({
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
