import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  aboutName,
  answerPlainText,
  type CandidatesQuery,
  type Criterion,
  criterionSummaries,
  RECOMMENDATION_NAMES,
  RECOMMENDATIONS,
  type SectionRegistry,
  SHOWN_STAGE_NAMES,
  TEAM_VERDICT_NAMES,
  type TestDefinition,
  teamVerdict,
} from '@assessment/core';
import { sectionRecordCells, sectionRecordColumns } from '../admin/section-records.ts';
import { describeSession } from '../admin/session-view.ts';
import { answerTree } from '../answers/answer-tree.ts';
import { blindCode, withoutIdentity } from '../review/blind-review.ts';
import { reviewVideoPath } from '../review/candidates.ts';
import { decisionsView } from '../review/decisions.ts';
import type { BlindStore } from '../storage/blind/blind-store.ts';
import type { CandidateListStore, CandidateRow } from '../storage/candidates/candidate-store.ts';
import type { DecisionStore } from '../storage/decisions/decision-store.ts';
import type { RatingStore } from '../storage/ratings/rating-store.ts';
import type { SessionRecord, SessionStore } from '../storage/sessions/session-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { type Cell, csvLine } from './csv.ts';
import { CSV_HEADER, sessionCells } from './export-sessions.ts';

/**
 * The CSV a reviewer downloads from a test's page: a spreadsheet of the same candidates as the
 * list (its default view unless told otherwise), each with what the operator's export holds of
 * them, answers as plain text, then the team's view: the stage, the notes, the recommendations
 * and, per criterion of the rubric, the team's mean and count. Only what this reviewer may see:
 * a candidate blind review hides from them is a code, without name, contact, links, video or
 * device; the team's judgement of a candidate they have not rated is left out, as on the page
 * (`api/src/review/judgement.ts`).
 */

/**
 * A page of the download: small enough that reading and writing one holds the event loop for a
 * few milliseconds (`pnpm bench api` measures the longest wait of /api/health during an export).
 */
const PAGE_SIZE = 10;

/** A criterion's two columns: the team's mean and how many scores it is made of. */
const criterionColumns = (criterion: Criterion) => {
  const name = `criterion: ${criterion.name} (${aboutName(criterion.about)})`;
  return [`${name} team mean`, `${name} ratings`];
};

/** Strongest yes first, as the page counts them. */
const COUNTED = [...RECOMMENDATIONS].reverse();

const TEAM_COLUMNS = [
  'blindCode',
  'stage',
  'notes',
  'teamScore',
  'teamRecommends',
  ...COUNTED.map((recommendation) => `recommendations: ${RECOMMENDATION_NAMES[recommendation]}`),
];

export interface ReviewExport {
  sessions: SessionStore;
  candidates: CandidateListStore;
  ratings: RatingStore;
  decisions: DecisionStore;
  blind: BlindStore;
  videos: VideoStore;
  sections: SectionRegistry;
}

export interface ReviewExportRequest {
  test: TestDefinition;
  /** The list's choices: which candidates (`candidatesExportQuerySchema`). */
  query: Pick<CandidatesQuery, 'stage' | 'recommendation'> & { silent: NonNullable<CandidatesQuery['silent']> };
  reviewerId: string;
  blindTest: boolean;
  /**
   * Runs before each page's candidates are written (the access log): those shown whole, and those
   * shown by their code. A failure there ends the download.
   */
  beforePage: (shown: SessionRecord[], byCode: SessionRecord[]) => Promise<void>;
}

const plainAnswer = (html: string) => answerPlainText(answerTree(html));

/** The team's cells for one candidate as the reader may see them; `criteria`: the rubric's, in its order. */
async function teamCells(
  deps: ReviewExport,
  row: CandidateRow,
  criteria: readonly Criterion[],
  versions: ReadonlyMap<number, Criterion[]>,
  reader: { reviewerId: string; judgementFirst: boolean },
): Promise<Cell[]> {
  // The list gives the team's counts only to a reader who has rated the candidate.
  const counts = row.teamRecommendations;
  const withheld = reader.judgementFirst && counts === null;
  const { notes } = await decisionsView(deps.decisions, row.sessionId, { reviewerId: reader.reviewerId, withheld });
  let figures: Cell[] = criteria.flatMap(() => [null, null]);
  if (counts !== null) {
    const given = await deps.ratings.ratingsOf(row.sessionId);
    const rated = given.map((rating) => ({
      criteria: versions.get(rating.rubricVersion) ?? [],
      scores: rating.scores,
    }));
    figures = criterionSummaries(criteria, rated)
      .slice(0, criteria.length)
      .flatMap((summary) => (summary.count > 0 ? [summary.mean, summary.count] : [null, 0]));
  }
  const verdict = counts && teamVerdict(counts);
  return [
    SHOWN_STAGE_NAMES[row.stage],
    notes.length,
    row.teamScore === null ? null : Math.round(row.teamScore * 10) / 10,
    verdict && TEAM_VERDICT_NAMES[verdict],
    ...COUNTED.map((recommendation) => counts?.[recommendation]),
    ...figures,
  ];
}

/** The download, a page at a time: never all candidates in memory, nor the event loop held long. */
export async function* reviewerCsv(deps: ReviewExport, request: ReviewExportRequest): AsyncGenerator<string> {
  const { test, query, reviewerId, blindTest, beforePage } = request;
  const [rubric, versions] = await Promise.all([
    deps.ratings.rubric(test.uuid),
    deps.ratings.rubricVersions(test.uuid),
  ]);
  const criteria = rubric?.criteria ?? [];
  const reader = { reviewerId, judgementFirst: rubric !== null };
  yield csvLine([
    ...CSV_HEADER,
    ...TEAM_COLUMNS,
    ...criteria.flatMap(criterionColumns),
    ...sectionRecordColumns(deps.sections),
  ]);
  let after: { startedAt: number; sessionId: string } | undefined;
  for (;;) {
    // A read of the in-process database is synchronous: without this turn, one page would follow
    // the next with every other request waiting until the whole download is written.
    await nextTurn();
    const rows = await deps.candidates.listCandidates({
      testId: test.uuid,
      sort: 'startedAt',
      order: 'asc',
      offset: 0,
      limit: PAGE_SIZE,
      silent: query.silent,
      ...reader,
      ...(query.stage ? { stage: query.stage } : {}),
      ...(query.recommendation ? { recommendation: query.recommendation } : {}),
      ...(after ? { after } : {}),
    });
    if (rows.length === 0) return;
    const records = (await Promise.all(rows.map((row) => deps.sessions.getSession(row.sessionId)))).filter(
      (record): record is SessionRecord => record !== undefined,
    );
    const seen = blindTest
      ? await deps.blind.seenBy(
          reviewerId,
          records.map((record) => record.sessionId),
        )
      : null;
    const hidden = (record: SessionRecord) => seen !== null && !seen.has(record.sessionId);
    await beforePage(
      records.filter((record) => !hidden(record)),
      records.filter(hidden),
    );
    const lines = await Promise.all(
      records.map(async (record) => {
        const row = rows.find((one) => one.sessionId === record.sessionId) as CandidateRow;
        const whole = await describeSession(record, deps.videos, reviewVideoPath, deps.sections);
        const view = hidden(record) ? withoutIdentity(whole) : whole;
        return csvLine([
          ...sessionCells(view, plainAnswer),
          hidden(record) ? blindCode(record.sessionId) : null,
          ...(await teamCells(deps, row, criteria, versions, reader)),
          ...sectionRecordCells(view, deps.sections),
        ]);
      }),
    );
    yield lines.join('');
    const last = rows.at(-1) as CandidateRow;
    after = { startedAt: last.startedAt, sessionId: last.sessionId };
    if (rows.length < PAGE_SIZE) return;
  }
}
