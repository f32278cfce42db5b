import {
  type CandidateDetail,
  type CandidateNeighbours,
  type CandidateStatus,
  type CandidateSummary,
  type CandidatesPage,
  candidatesQuerySchema,
  type FinalReason,
  type SectionRegistry,
  starsOf,
  type TestDefinition,
  teamVerdict,
  type VideoState,
} from '@assessment/core';
import { z } from 'zod';
import {
  clockStartOf,
  describeSession,
  proctoringSummary,
  quizDeadline,
  type SessionView,
} from '../admin/session-view.ts';
import { iso } from '../admin/time.ts';
import { answerTree } from '../answers/answer-tree.ts';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import {
  type CandidateListStore,
  type CandidateOrder,
  type CandidateRow,
  emailKey,
} from '../storage/candidates/candidate-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { type AttemptFacts, answersKept, didNotFinish, quizTimeRanOut } from './attempt-end.ts';
import { invitationView } from './invitation-actions.ts';

/** A test's candidates and one candidate, as the review page shows them. */

export const reviewVideoPath = (record: SessionRecord) =>
  `/api/review/candidates/${encodeURIComponent(record.sessionId)}/video`;

function statusOf(row: CandidateRow): CandidateStatus {
  if (row.feedbackReceived) return 'finished';
  if (row.videoReceived || row.videoSkipped) return 'video-done';
  if (row.submittedAt !== null || row.quizCompleted) return 'quiz-submitted';
  return 'registered';
}

function videoOf(row: CandidateRow): VideoState {
  if (row.videoReceived) return 'received';
  if (row.videoSkipped) return 'skipped';
  return row.videoUploading ? 'uploading' : 'none';
}

const finalReasonOf = (value: string | null): FinalReason | null =>
  value === 'complete' || value === 'time-up' ? value : null;

/** What the list's row tells of how the attempt went, for `attempt-end.ts`. */
function rowAttempt(row: CandidateRow, test: TestDefinition): AttemptFacts {
  const status = statusOf(row);
  return {
    quizSubmitted: status !== 'registered',
    quizClockStarted: row.quizStartedAt !== null || row.answersReceivedAt !== null,
    lateAfter: quizDeadline(test, clockStartOf(row), row.extraTimePercent).lateAfter,
    finished: status === 'finished',
    invitationExpiresAt: row.invitationExpiresAt,
  };
}

/** `kept`: how many answers the session kept, for a row whose quiz time ran out (`answersKept`). */
function candidateSummary(
  row: CandidateRow,
  test: TestDefinition,
  now: number,
  kept: ReadonlyMap<string, number>,
): CandidateSummary {
  const attempt = rowAttempt(row, test);
  const { lateAfter } = attempt;
  return {
    sessionId: row.sessionId,
    fullName: row.fullName,
    email: row.email,
    status: statusOf(row),
    startedAt: iso(row.startedAt) as string,
    submittedAt: iso(row.submittedAt),
    late: row.answersReceivedAt === null ? null : row.answersReceivedAt > lateAfter,
    finalReason: finalReasonOf(row.finalReason),
    signals: { tabSwitches: row.tabSwitches, pastes: row.pastes },
    video: videoOf(row),
    stars: row.rating === null ? null : starsOf(row.rating),
    invitationId: row.invitationId,
    stage: row.stage,
    blindCode: null,
    registrationsOfEmail: null,
    teamScore: row.teamScore === null ? null : Math.round(row.teamScore * 10) / 10,
    teamRecommendations: row.teamRecommendations,
    teamVerdict: row.teamRecommendations && teamVerdict(row.teamRecommendations),
    timeRanOut: quizTimeRanOut(attempt, now)
      ? { answersKept: kept.get(row.sessionId) ?? 0, questions: test.questions.length }
      : null,
    didNotFinish: didNotFinish(attempt, now),
  };
}

/** Where the next page of a sorted list starts: an offset, opaque to the page. */
const offsetCursor = z.string().transform((value, context) => {
  const offset = Number(Buffer.from(value, 'base64url').toString('utf8'));
  if (Number.isSafeInteger(offset) && offset > 0) return offset;
  context.addIssue({ code: 'custom', message: 'must be the `next` of an earlier page' });
  return z.NEVER;
});

/**
 * Who reads the list: `judgementFirst`, the test has a rubric, so a teammate's decision on a
 * candidate the reader has not rated is `moved-on` to them (`judgement.ts`); `blindTest`, a search
 * reaches only the candidates the reader may see by name.
 */
export interface ListReader {
  reviewerId: string;
  judgementFirst: boolean;
  blindTest: boolean;
}

/** The list's order and filter as the query asks for them, and its page. */
function listQuery(test: TestDefinition, query: unknown, { reviewerId, judgementFirst, blindTest }: ListReader) {
  const { sort, order, limit, cursor, stage, silent, recommendation, search } = parseOrRefuse(
    candidatesQuerySchema,
    query,
  );
  const listed: CandidateOrder = {
    testId: test.uuid,
    sort,
    order,
    silent,
    reviewerId,
    judgementFirst,
    ...(stage ? { stage } : {}),
    ...(recommendation ? { recommendation } : {}),
    ...(search ? { search: { text: search, seenOnly: blindTest } } : {}),
  };
  return { listed, limit, cursor };
}

export async function listCandidates(
  candidates: CandidateListStore,
  test: TestDefinition,
  query: unknown,
  reader: ListReader,
  now: number,
): Promise<CandidatesPage> {
  const { listed, limit, cursor } = listQuery(test, query, reader);
  const offset = cursor === undefined ? 0 : parseOrRefuse(offsetCursor, cursor);
  const rows = await candidates.listCandidates({ ...listed, offset, limit: limit + 1 });
  const page = rows.slice(0, limit);
  // Only the rows whose quiz time ran out need their answers read, to say how many were kept.
  const ranOut = page.filter((row) => quizTimeRanOut(rowAttempt(row, test), now)).map((row) => row.sessionId);
  const [saved, registrations] = await Promise.all([
    candidates.answersOf(ranOut),
    candidates.registrationsByEmail(
      test.uuid,
      page.flatMap((row) => (row.email ? [row.email] : [])),
    ),
  ]);
  const kept = new Map([...saved].map(([sessionId, answers]) => [sessionId, answersKept(answers)]));
  return {
    candidates: page.map((row) => ({
      ...candidateSummary(row, test, now, kept),
      registrationsOfEmail: row.email ? (registrations.get(emailKey(row.email)) ?? 1) : null,
    })),
    next: rows.length > limit ? Buffer.from(String(offset + limit)).toString('base64url') : null,
  };
}

/**
 * The candidates before and after this one in the list as the query orders and filters it (its
 * page aside): what the candidate page's Previous and Next follow. Ids only, so nothing of a
 * candidate blind review hides goes with them.
 */
export async function candidateNeighbours(
  candidates: CandidateListStore,
  test: TestDefinition,
  sessionId: string,
  query: unknown,
  reader: ListReader,
): Promise<CandidateNeighbours> {
  const { listed } = listQuery(test, query, reader);
  const ids = await candidates.listedIds(listed);
  const at = ids.indexOf(sessionId);
  if (at === -1) return { previous: null, next: null, position: null, total: ids.length };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, position: at + 1, total: ids.length };
}

/** The answers as the review page renders them: trees of the editor's elements, never HTML. */
function reviewAnswers({ html, ...answers }: NonNullable<SessionView['answers']>): CandidateDetail['answers'] {
  const [first, second, third] = html;
  return { ...answers, trees: [answerTree(first), answerTree(second), answerTree(third)] };
}

/** One candidate: the session view, the test's questions, the timeline, the invitation and the deadline. */
export async function candidateDetail(
  record: SessionRecord,
  test: TestDefinition,
  videos: VideoStore,
  now: number,
  sections: SectionRegistry,
): Promise<CandidateDetail> {
  const { answers, ...view } = await describeSession(record, videos, reviewVideoPath, sections);
  const deadline = quizDeadline(test, clockStartOf(record), record.invitation?.extraTimePercent ?? 0);
  const attempt: AttemptFacts = {
    quizSubmitted: record.answers?.submittedAt != null || record.quizComplete !== null,
    quizClockStarted: record.quizStartedAt !== null || record.answers !== null,
    lateAfter: deadline.lateAfter,
    finished: record.feedback !== null,
    invitationExpiresAt: record.invitation?.expiresAt ?? null,
  };
  return {
    ...view,
    answers: answers && reviewAnswers(answers),
    questions: test.questions,
    ...proctoringSummary(view.proctoring),
    sectionTroubles: record.sectionTroubles.map(({ sectionId, kind, startedAt, endedAt }) => ({
      // A section the registry no longer holds is still named, by its id.
      sectionTitle: sections.byId(sectionId)?.title ?? sectionId,
      kind,
      startedAt,
      endedAt,
    })),
    invitation: record.invitation ? invitationView(record.invitation, now) : null,
    deadline: {
      timeLimitMinutes: deadline.timeLimitMinutes,
      extraTimePercent: deadline.extraTimePercent,
      endsAt: iso(deadline.endsAt) as string,
      lateAfter: iso(deadline.lateAfter) as string,
    },
    blind: null,
    timeRanOut: quizTimeRanOut(attempt, now)
      ? { answersKept: answersKept(record.answers?.answers ?? []), questions: test.questions.length }
      : null,
    didNotFinish: didNotFinish(attempt, now),
  };
}

export function requireFound<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new HttpError(404, `There is no such ${what}`);
  return value;
}
