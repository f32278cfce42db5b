import {
  CANDIDATE_STAGES,
  type CandidateSort,
  type CandidateStage,
  RECOMMENDATIONS,
  type Recommendation,
  type SilentCandidates,
} from '@assessment/core';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { sentNothing } from '../sessions/sent-nothing.ts';

/** What the review page lists: each test's counts, and a test's candidates, sorted in the database. */

/** What each test's counts are made of: invitations made, sessions started, sessions with feedback. */
export interface TestCounts {
  invited: number;
  started: number;
  finished: number;
}

export interface CandidateQuery {
  testId: string;
  sort: CandidateSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Only the candidates at this stage. */
  stage?: CandidateStage;
  /** Whether those who sent nothing after registering are left out, listed too, or listed alone. */
  silent: SilentCandidates;
  /** The reviewer reading the list: the team's ratings show only where they have rated. */
  reviewerId: string;
  /** Only the candidates the team recommends so, among those the reviewer has rated. */
  recommendation?: Recommendation;
}

/** One candidate of a test's list, as the store reads it in one query. */
export interface CandidateRow {
  sessionId: string;
  startedAt: number;
  /** When the candidate started the quiz's clock; null before. */
  quizStartedAt: number | null;
  invitationId: string | null;
  /** The invitation's current extra time; 0 for the open link. */
  extraTimePercent: number;
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
  stage: CandidateStage;
  /** The mean of the team's mean scores; null where the reader has not rated the candidate. */
  teamScore: number | null;
  /** The index in `RECOMMENDATIONS` nearest the team's average; null likewise. */
  teamRecommendationRank: number | null;
}

export interface CandidateListStore {
  testCounts(testIds: readonly string[]): Promise<Map<string, TestCounts>>;
  /** A page of a test's candidates, sorted in the database; ties by start time, then session id. */
  listCandidates(query: CandidateQuery): Promise<CandidateRow[]>;
}

/**
 * The team's ratings as the reader may see them in the list: only for a candidate they have rated
 * themselves, so that no teammate's score anchors theirs. Null otherwise.
 */
function teamRatings(reviewerId: string) {
  const rated = sql<SqlBool>`EXISTS (SELECT 1 FROM ratings m WHERE m.session_id = s.session_id AND m.reviewer_id = ${reviewerId})`;
  return {
    score: sql<
      number | null
    >`CASE WHEN ${rated} THEN (SELECT avg(t.mean_score) FROM ratings t WHERE t.session_id = s.session_id) END`,
    rank: sql<
      number | null
    >`CASE WHEN ${rated} THEN (SELECT CAST(round(avg(t.recommendation_rank)) AS integer) FROM ratings t WHERE t.session_id = s.session_id) END`,
  };
}

/** One row per session of a test with what its list shows. */
function candidates(db: Db, testId: string, team: ReturnType<typeof teamRatings>) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('invitations as i', 'i.invitation_id', 's.invitation_id')
    .leftJoin('registrations as r', 'r.session_id', 's.session_id')
    .leftJoin('answers as a', 'a.session_id', 's.session_id')
    .leftJoin('quiz_completions as c', 'c.session_id', 's.session_id')
    .leftJoin('video_skips as k', 'k.session_id', 's.session_id')
    .leftJoin('feedback as f', 'f.session_id', 's.session_id')
    .leftJoin('candidate_stages as st', 'st.session_id', 's.session_id')
    .where('s.test_id', '=', testId)
    .select((eb) => [
      's.session_id',
      's.started_at',
      's.quiz_started_at',
      's.invitation_id',
      'i.extra_time_percent',
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
      'st.stage',
      team.score.as('team_score'),
      team.rank.as('team_rank'),
    ]);
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

export function createCandidateListStore({ reads: db }: Storage): CandidateListStore {
  return {
    async testCounts(testIds) {
      const counts = new Map<string, TestCounts>(testIds.map((id) => [id, { invited: 0, started: 0, finished: 0 }]));
      if (testIds.length === 0) return counts;
      const count = (rows: { test_id: string; count: string | number | bigint }[], field: keyof TestCounts) => {
        for (const row of rows) {
          const entry = counts.get(row.test_id);
          if (entry) entry[field] = Number(row.count);
        }
      };
      const [invited, started, finished] = await Promise.all([
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
          .groupBy('test_id')
          .execute(),
        db
          .selectFrom('feedback as f')
          .innerJoin('sessions as s', 's.session_id', 'f.session_id')
          .select((eb) => ['s.test_id', eb.fn.countAll().as('count')])
          .where('s.test_id', 'in', testIds)
          .groupBy('s.test_id')
          .execute(),
      ]);
      count(invited, 'invited');
      count(started, 'started');
      count(finished, 'finished');
      return counts;
    },

    async listCandidates({ testId, sort, order, offset, limit, stage, silent, reviewerId, recommendation }) {
      const team = teamRatings(reviewerId);
      let select = candidates(db, testId, team);
      if (recommendation)
        select = select.where(sql<SqlBool>`${team.rank} = ${RECOMMENDATIONS.indexOf(recommendation)}`);
      if (silent !== 'include') {
        const silentOnes = sentNothing('s.session_id');
        select = select.where(silent === 'only' ? silentOnes : sql<boolean>`NOT ${silentOnes}`);
      }
      // A session with no stage row has never been moved: it is new.
      if (stage === 'new')
        select = select.where((eb) => eb.or([eb('st.stage', 'is', null), eb('st.stage', '=', 'new')]));
      else if (stage) select = select.where('st.stage', '=', stage);
      const rows = await select
        .orderBy(sortKey(sort, team), order)
        .orderBy('s.started_at', order)
        .orderBy('s.session_id', order)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({
        sessionId: row.session_id,
        startedAt: row.started_at,
        quizStartedAt: row.quiz_started_at,
        invitationId: row.invitation_id,
        extraTimePercent: row.extra_time_percent ?? 0,
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
        stage: CANDIDATE_STAGES.find((known) => known === row.stage) ?? 'new',
        teamScore: row.team_score === null ? null : Number(row.team_score),
        teamRecommendationRank: row.team_rank === null ? null : Number(row.team_rank),
      }));
    },
  };
}
