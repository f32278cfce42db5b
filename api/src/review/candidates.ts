import {
  type CandidateDetail,
  type CandidateStatus,
  type CandidateSummary,
  type CandidatesPage,
  candidatesQuerySchema,
  type FinalReason,
  RECOMMENDATIONS,
  type SectionRegistry,
  starsOf,
  type TestDefinition,
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
import type { CandidateListStore, CandidateRow } from '../storage/candidates/candidate-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
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

function candidateSummary(row: CandidateRow, test: TestDefinition): CandidateSummary {
  const { lateAfter } = quizDeadline(test, clockStartOf(row), row.extraTimePercent);
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
    teamScore: row.teamScore === null ? null : Math.round(row.teamScore * 10) / 10,
    teamRecommendation:
      row.teamRecommendationRank === null ? null : (RECOMMENDATIONS[row.teamRecommendationRank] ?? null),
  };
}

/** Where the next page of a sorted list starts: an offset, opaque to the page. */
const offsetCursor = z.string().transform((value, context) => {
  const offset = Number(Buffer.from(value, 'base64url').toString('utf8'));
  if (Number.isSafeInteger(offset) && offset > 0) return offset;
  context.addIssue({ code: 'custom', message: 'must be the `next` of an earlier page' });
  return z.NEVER;
});

export async function listCandidates(
  candidates: CandidateListStore,
  test: TestDefinition,
  query: unknown,
  reviewerId: string,
): Promise<CandidatesPage> {
  const { sort, order, limit, cursor, stage, silent, recommendation } = parseOrRefuse(candidatesQuerySchema, query);
  const offset = cursor === undefined ? 0 : parseOrRefuse(offsetCursor, cursor);
  const rows = await candidates.listCandidates({
    testId: test.uuid,
    sort,
    order,
    offset,
    limit: limit + 1,
    silent,
    reviewerId,
    ...(stage ? { stage } : {}),
    ...(recommendation ? { recommendation } : {}),
  });
  return {
    candidates: rows.slice(0, limit).map((row) => candidateSummary(row, test)),
    next: rows.length > limit ? Buffer.from(String(offset + limit)).toString('base64url') : null,
  };
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
  return {
    ...view,
    answers: answers && reviewAnswers(answers),
    questions: test.questions,
    ...proctoringSummary(view.proctoring),
    invitation: record.invitation ? invitationView(record.invitation, now) : null,
    deadline: {
      timeLimitMinutes: deadline.timeLimitMinutes,
      extraTimePercent: deadline.extraTimePercent,
      endsAt: iso(deadline.endsAt) as string,
      lateAfter: iso(deadline.lateAfter) as string,
    },
    blind: null,
  };
}

export function requireFound<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new HttpError(404, `There is no such ${what}`);
  return value;
}
