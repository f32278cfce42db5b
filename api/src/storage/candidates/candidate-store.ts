import {
  type CandidateSort,
  RECOMMENDATIONS,
  type RecommendationCounts,
  SHOWN_STAGES,
  type ShownStage,
  type SilentCandidates,
  type TeamVerdict,
} from '@assessment/core';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { sentNothing } from '../sessions/sent-nothing.ts';

/** What the review page lists: each test's counts, and a test's candidates, sorted in the database. */

/**
 * What each test's counts are made of: invitations made, sessions started, of those the ones that
 * sent nothing after registering (which the list leaves out unless asked for), sessions with feedback.
 */
export interface TestCounts {
  invited: number;
  started: number;
  sentNothing: number;
  finished: number;
}

export interface CandidateQuery {
  testId: string;
  sort: CandidateSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Only the candidates shown at this stage (`stage` of the row). */
  stage?: ShownStage;
  /** Whether those who sent nothing after registering are left out, listed too, or listed alone. */
  silent: SilentCandidates;
  /** The reviewer reading the list: the team's ratings show only where they have rated. */
  reviewerId: string;
  /**
   * The test has a rubric: where the reader has not rated a candidate, a teammate's Advance or
   * Decline is `moved-on` to them (`api/src/review/judgement.ts`).
   */
  judgementFirst: boolean;
  /**
   * Only those after this one, by start time then session id: with `startedAt` ascending, a list
   * read a page at a time that neither repeats nor skips anyone who arrives or goes meanwhile
   * (the CSV export).
   */
  after?: { startedAt: number; sessionId: string };
  /** Only the candidates whose team recommendation is this (`teamVerdict`), among those the reviewer has rated. */
  recommendation?: TeamVerdict;
  /**
   * Only the candidates whose name or email holds this text, in any case; `seenOnly`: among
   * those the reviewer has rated or shown (a blind test's), so a hidden one is never found by it.
   */
  search?: { text: string; seenOnly: boolean };
}

/** The list's order and filter alone: what places a candidate between two others. */
export type CandidateOrder = Omit<CandidateQuery, 'offset' | 'limit'>;

/** One candidate of a test's list, as the store reads it in one query. */
export interface CandidateRow {
  sessionId: string;
  startedAt: number;
  /** When the candidate started the quiz's clock; null before. */
  quizStartedAt: number | null;
  invitationId: string | null;
  /** The invitation's current extra time; 0 for the open link. */
  extraTimePercent: number;
  /** When the invitation expires, as it stands now; null for the open link. */
  invitationExpiresAt: number | null;
  fullName: string | null;
  email: string | null;
  answersReceivedAt: number | null;
  submittedAt: number | null;
  finalReason: string | null;
  tabSwitches: number;
  pastes: number;
  quizCompleted: boolean;
  videoReceived: boolean;
  videoUploading: boolean;
  videoSkipped: boolean;
  /** The wire's 0 to 4. */
  rating: number | null;
  feedbackReceived: boolean;
  /** As the reader is shown it. */
  stage: ShownStage;
  /** The mean of the team's mean scores; null where the reader has not rated the candidate. */
  teamScore: number | null;
  /** How many of the team's ratings gave each recommendation; null likewise. */
  teamRecommendations: RecommendationCounts | null;
}

export interface CandidateListStore {
  testCounts(testIds: readonly string[]): Promise<Map<string, TestCounts>>;
  /** A page of a test's candidates, sorted in the database; ties by start time, then session id. */
  listCandidates(query: CandidateQuery): Promise<CandidateRow[]>;
  /** The answers (HTML) the sessions saved, for those that saved any: a few rows' worth, never a page's. */
  answersOf(sessionIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Every candidate of the list, by session id, in its order: where one stands between the others. */
  listedIds(order: CandidateOrder): Promise<string[]>;
  /**
   * How many registrations of the test each of these emails made, compared as a person means
   * them (without surrounding spaces, in any case), keyed by that form (`emailKey`).
   */
  registrationsByEmail(testId: string, emails: readonly string[]): Promise<Map<string, number>>;
  /** The test of each of these sessions still held, and the name its registration gave (null before it). */
  namesOf(sessionIds: readonly string[]): Promise<Map<string, { testId: string; fullName: string | null }>>;
}

/** An email as `registrationsByEmail` compares it: `sameEmail` of @assessment/core, as a key. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** `text` for a LIKE pattern that finds it anywhere: its own %, _ and \\ match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;

/**
 * The team's ratings as the reader may see them in the list: only for a candidate they have rated
 * themselves, so that no teammate's score anchors theirs. Null otherwise.
 */
function teamRatings(reviewerId: string) {
  const rated = sql<SqlBool>`EXISTS (SELECT 1 FROM ratings m WHERE m.session_id = s.session_id AND m.reviewer_id = ${reviewerId})`;
  const shown = <T>(figure: RawBuilder<unknown>) => sql<T | null>`CASE WHEN ${rated} THEN (${figure}) END`;
  const ofTeam = (what: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`TRUE`) =>
    sql`SELECT ${what} FROM ratings t WHERE t.session_id = s.session_id AND ${where}`;
  const counted = (rank: number) => shown<number>(ofTeam(sql`count(*)`, sql`t.recommendation_rank = ${rank}`));
  return {
    rated,
    score: shown<number>(ofTeam(sql`avg(t.mean_score)`)),
    recommendations: RECOMMENDATIONS.map((_, rank) => counted(rank)),
    /**
     * Ratings for hiring less those against (`teamVerdict`'s rule: yes and strong yes are ranked 2
     * and 3): above 0 the team recommends yes, below no, at 0 it is split.
     */
    lead: shown<number>(ofTeam(sql`sum(CASE WHEN t.recommendation_rank >= 2 THEN 1 ELSE -1 END)`)),
  };
}

/**
 * The candidate's stage as the reader is shown it (`shownStage` in `api/src/review/judgement.ts`):
 * with `judgementFirst`, a candidate the reader has not rated whom the last stage change, not
 * theirs, put at advance or decline is `moved-on`. A session with no stage row has never been
 * moved: it is new.
 */
function shownStageOf(reviewerId: string, team: ReturnType<typeof teamRatings>, judgementFirst: boolean) {
  const stage = sql<string>`coalesce(st.stage, 'new')`;
  if (!judgementFirst) return stage;
  const lastBy = sql`(SELECT c.reviewer_id FROM stage_changes c WHERE c.session_id = s.session_id ORDER BY c.at DESC, c.change_id DESC LIMIT 1)`;
  return sql<string>`CASE WHEN st.stage IN ('advance', 'decline') AND NOT ${team.rated}
    AND coalesce(${lastBy}, '') <> ${reviewerId} THEN 'moved-on' ELSE ${stage} END`;
}

/** One row per session of a test with what its list shows. */
function candidates(
  db: Db,
  testId: string,
  team: ReturnType<typeof teamRatings>,
  stage: ReturnType<typeof shownStageOf>,
) {
  return (
    db
      .selectFrom('sessions as s')
      .leftJoin('invitations as i', 'i.invitation_id', 's.invitation_id')
      .leftJoin('registrations as r', 'r.session_id', 's.session_id')
      .leftJoin('answers as a', 'a.session_id', 's.session_id')
      .leftJoin('quiz_completions as c', 'c.session_id', 's.session_id')
      .leftJoin('video_skips as k', 'k.session_id', 's.session_id')
      .leftJoin('feedback as f', 'f.session_id', 's.session_id')
      .leftJoin('candidate_stages as st', 'st.session_id', 's.session_id')
      .where('s.test_id', '=', testId)
      // A preview link's session is a section team's look at a release, never a candidate.
      .where('s.preview_release_id', 'is', null)
      .select((eb) => [
        's.session_id',
        's.started_at',
        's.quiz_started_at',
        's.invitation_id',
        'i.extra_time_percent',
        'i.expires_at',
        'r.full_name',
        'r.email',
        'r.sort_name',
        'a.received_at as answers_received_at',
        'a.submitted_at',
        'a.final_reason',
        'a.tab_switches',
        'a.pastes',
        eb('c.session_id', 'is not', null).as('quiz_completed'),
        eb
          .exists(
            eb
              .selectFrom('videos as v')
              .select('v.upload_id')
              .whereRef('v.session_id', '=', 's.session_id')
              .where('v.completed_at', 'is not', null),
          )
          .as('video_received'),
        eb
          .exists(
            eb
              .selectFrom('videos as v')
              .select('v.upload_id')
              .whereRef('v.session_id', '=', 's.session_id')
              .where('v.completed_at', 'is', null),
          )
          .as('video_uploading'),
        eb('k.session_id', 'is not', null).as('video_skipped'),
        'f.current_score',
        eb('f.session_id', 'is not', null).as('feedback_received'),
        stage.as('shown_stage'),
        team.score.as('team_score'),
        ...team.recommendations.map((count, rank) => count.as(`team_recommendation_${rank}`)),
      ])
  );
}

/**
 * Each sort's own key. Status ranks the steps: registered, quiz submitted, video done, finished.
 * The name sorts by its lowercased copy, compared byte by byte on both databases.
 */
function sortKey(sort: CandidateSort, team: ReturnType<typeof teamRatings>): Expression<unknown> {
  switch (sort) {
    case 'score':
      // Candidates without a team score the reader may see rank below every score.
      return sql`coalesce(${team.score}, -1)`;
    case 'startedAt':
      return sql.ref('s.started_at');
    case 'name':
      return sql`coalesce(r.sort_name, '')`;
    case 'status':
      return sql`CASE WHEN f.session_id IS NOT NULL THEN 3
        WHEN k.session_id IS NOT NULL OR EXISTS (SELECT 1 FROM videos v WHERE v.session_id = s.session_id AND v.completed_at IS NOT NULL) THEN 2
        WHEN a.submitted_at IS NOT NULL OR c.session_id IS NOT NULL THEN 1 ELSE 0 END`;
    case 'signals':
      return sql`coalesce(a.tab_switches, 0) + coalesce(a.pastes, 0)`;
  }
}

const flag = (value: SqlBool | number) => Boolean(value);

/** The row's counts of each recommendation, read from its columns `team_recommendation_<rank>`; null where they are not shown. */
function recommendationCountsOf(row: Record<string, unknown>): RecommendationCounts | null {
  const counts = RECOMMENDATIONS.map((_, rank) => row[`team_recommendation_${rank}`]);
  if (counts.some((count) => count === null || count === undefined)) return null;
  const [strongNo, no, yes, strongYes] = counts.map(Number);
  return { 'strong-no': strongNo ?? 0, no: no ?? 0, yes: yes ?? 0, 'strong-yes': strongYes ?? 0 };
}

export function createCandidateListStore({ reads: db }: Storage): CandidateListStore {
  /** The list's rows, filtered and in order, before a page is cut from them. */
  function ordered(query: CandidateOrder) {
    const { testId, sort, order, stage, silent, reviewerId, recommendation, judgementFirst, after, search } = query;
    const team = teamRatings(reviewerId);
    const shown = shownStageOf(reviewerId, team, judgementFirst);
    let select = candidates(db, testId, team, shown);
    if (recommendation) {
      const comparison = { yes: sql`> 0`, no: sql`< 0`, split: sql`= 0` }[recommendation];
      select = select.where(sql<SqlBool>`${team.lead} ${comparison}`);
    }
    if (silent !== 'include') {
      const silentOnes = sentNothing('s.session_id');
      select = select.where(silent === 'only' ? silentOnes : sql<boolean>`NOT ${silentOnes}`);
    }
    if (stage) select = select.where(sql<SqlBool>`${shown} = ${stage}`);
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb('s.started_at', '>', after.startedAt),
          eb.and([eb('s.started_at', '=', after.startedAt), eb('s.session_id', '>', after.sessionId)]),
        ]),
      );
    }
    if (search) {
      // The name against its lowercased copy (made in JavaScript, so any script folds), the email
      // against its own lowercase; the text is lowercased the same way.
      const pattern = containing(search.text.toLowerCase());
      select = select.where(
        sql<SqlBool>`(r.sort_name LIKE ${pattern} ESCAPE '\\' OR lower(r.email) LIKE ${pattern} ESCAPE '\\')`,
      );
      if (search.seenOnly) {
        select = select.where(
          sql<SqlBool>`(${team.rated}
            OR EXISTS (SELECT 1 FROM reveals v WHERE v.session_id = s.session_id AND v.reviewer_id = ${reviewerId}))`,
        );
      }
    }
    return select.orderBy(sortKey(sort, team), order).orderBy('s.started_at', order).orderBy('s.session_id', order);
  }

  return {
    async listedIds(query) {
      return (await ordered(query).execute()).map((row) => row.session_id);
    },

    async namesOf(sessionIds) {
      const ids = [...new Set(sessionIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('sessions as s')
        .leftJoin('registrations as r', 'r.session_id', 's.session_id')
        .select(['s.session_id', 's.test_id', 'r.full_name'])
        .where('s.session_id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.session_id, { testId: row.test_id, fullName: row.full_name }]));
    },

    async registrationsByEmail(testId, emails) {
      const keys = [...new Set(emails.map(emailKey))].filter((key) => key !== '');
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('registrations as r')
        .innerJoin('sessions as s', 's.session_id', 'r.session_id')
        .select((eb) => [sql<string>`lower(trim(r.email))`.as('email_key'), eb.fn.countAll().as('count')])
        .where('s.test_id', '=', testId)
        .where('s.preview_release_id', 'is', null)
        .where(sql<string>`lower(trim(r.email))`, 'in', keys)
        .groupBy(sql`lower(trim(r.email))`)
        .execute();
      return new Map(rows.map((row) => [row.email_key, Number(row.count)]));
    },

    async testCounts(testIds) {
      const counts = new Map<string, TestCounts>(
        testIds.map((id) => [id, { invited: 0, started: 0, sentNothing: 0, finished: 0 }]),
      );
      if (testIds.length === 0) return counts;
      const count = (rows: { test_id: string; count: string | number | bigint }[], field: keyof TestCounts) => {
        for (const row of rows) {
          const entry = counts.get(row.test_id);
          if (entry) entry[field] = Number(row.count);
        }
      };
      const [invited, started, silent, finished] = await Promise.all([
        db
          .selectFrom('invitations')
          .select((eb) => ['test_id', eb.fn.countAll().as('count')])
          .where('test_id', 'in', testIds)
          .groupBy('test_id')
          .execute(),
        db
          .selectFrom('sessions')
          .select((eb) => ['test_id', eb.fn.countAll().as('count')])
          .where('test_id', 'in', testIds)
          .where('preview_release_id', 'is', null)
          .groupBy('test_id')
          .execute(),
        db
          .selectFrom('sessions as s')
          .select((eb) => ['s.test_id', eb.fn.countAll().as('count')])
          .where('s.test_id', 'in', testIds)
          .where('s.preview_release_id', 'is', null)
          .where(sentNothing('s.session_id'))
          .groupBy('s.test_id')
          .execute(),
        db
          .selectFrom('feedback as f')
          .innerJoin('sessions as s', 's.session_id', 'f.session_id')
          .select((eb) => ['s.test_id', eb.fn.countAll().as('count')])
          .where('s.test_id', 'in', testIds)
          .where('s.preview_release_id', 'is', null)
          .groupBy('s.test_id')
          .execute(),
      ]);
      count(invited, 'invited');
      count(started, 'started');
      count(silent, 'sentNothing');
      count(finished, 'finished');
      return counts;
    },

    async answersOf(sessionIds) {
      if (sessionIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('answers')
        .select(['session_id', 'answers'])
        .where('session_id', 'in', sessionIds)
        .execute();
      return new Map(rows.map((row) => [row.session_id, JSON.parse(row.answers) as string[]]));
    },

    async listCandidates(query) {
      const rows = await ordered(query).limit(query.limit).offset(query.offset).execute();
      return rows.map((row) => ({
        sessionId: row.session_id,
        startedAt: row.started_at,
        quizStartedAt: row.quiz_started_at,
        invitationId: row.invitation_id,
        extraTimePercent: row.extra_time_percent ?? 0,
        invitationExpiresAt: row.expires_at,
        fullName: row.full_name,
        email: row.email,
        answersReceivedAt: row.answers_received_at,
        submittedAt: row.submitted_at,
        finalReason: row.final_reason,
        tabSwitches: Number(row.tab_switches ?? 0),
        pastes: Number(row.pastes ?? 0),
        quizCompleted: flag(row.quiz_completed),
        videoReceived: flag(row.video_received),
        videoUploading: flag(row.video_uploading),
        videoSkipped: flag(row.video_skipped),
        rating: row.current_score,
        feedbackReceived: flag(row.feedback_received),
        stage: SHOWN_STAGES.find((known) => known === row.shown_stage) ?? 'new',
        teamScore: row.team_score === null ? null : Number(row.team_score),
        teamRecommendations: recommendationCountsOf(row),
      }));
    },
  };
}
