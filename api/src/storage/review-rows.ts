import type {
  CandidateRow,
  InvitationPage,
  StoredInvitation,
  StoredReviewer,
  StoredReviewerSession,
} from './review-store.ts';

/**
 * The rows of the hiring company's tables as both databases name their columns, and how they
 * become the store's types. A flag is 0 or 1 in SQLite and a boolean in PostgreSQL.
 */

type Flag = number | boolean;

export interface InvitationRow {
  invitation_id: string;
  test_id: string;
  token: string;
  email: string;
  name: string | null;
  created_at: number;
  expires_at: number;
  extra_time_percent: number;
  revoked_at: number | null;
  session_id: string | null;
  finished_at: number | null;
}

export function toInvitation(row: InvitationRow): StoredInvitation {
  return {
    invitationId: row.invitation_id,
    testId: row.test_id,
    token: row.token,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    extraTimePercent: row.extra_time_percent,
    revokedAt: row.revoked_at,
    sessionId: row.session_id,
    finishedAt: row.finished_at,
  };
}

/**
 * One page of a test's invitations from rows read with `limit + 1`: the extra row only says that
 * another page follows, which starts after the last invitation shown.
 */
export function toInvitationPage(rows: InvitationRow[], limit: number): InvitationPage {
  const invitations = rows.slice(0, limit).map(toInvitation);
  const last = rows.length > limit ? invitations.at(-1) : undefined;
  return last ? { invitations, next: { createdAt: last.createdAt, invitationId: last.invitationId } } : { invitations };
}

export interface ReviewerRow {
  reviewer_id: string;
  company_id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
}

export function toReviewer(row: ReviewerRow): StoredReviewer {
  return {
    reviewerId: row.reviewer_id,
    companyId: row.company_id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
}

/** A reviewer's sign-in session joined with the reviewer; the session's own `created_at` is `s_created_at`. */
export type ReviewerSessionRow = ReviewerRow & {
  session_hash: string;
  csrf_token: string;
  s_created_at: number;
  last_seen_at: number;
  expires_at: number;
};

export function toReviewerSession(row: ReviewerSessionRow): StoredReviewerSession {
  return {
    sessionHash: row.session_hash,
    reviewerId: row.reviewer_id,
    csrfToken: row.csrf_token,
    createdAt: row.s_created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    reviewer: toReviewer(row),
  };
}

export interface CandidateListRow {
  session_id: string;
  /** The lowercased name the list sorts by, however each database reads it out of the registration. */
  sort_name: string | null;
  started_at: number;
  invitation_id: string | null;
  extra_time_percent: number | null;
  full_name: string | null;
  email: string | null;
  answers_received_at: number | null;
  submitted_at: number | null;
  final_reason: string | null;
  tab_switches: number | null;
  pastes: number | null;
  quiz_completed: Flag;
  video_received: Flag;
  video_uploading: Flag;
  video_skipped: Flag;
  rating: number | null;
  feedback_received: Flag;
}

export function toCandidate(row: CandidateListRow): CandidateRow {
  return {
    sessionId: row.session_id,
    startedAt: row.started_at,
    invitationId: row.invitation_id,
    extraTimePercent: row.extra_time_percent ?? 0,
    fullName: row.full_name,
    email: row.email,
    answersReceivedAt: row.answers_received_at,
    submittedAt: row.submitted_at,
    finalReason: row.final_reason,
    tabSwitches: Number(row.tab_switches ?? 0),
    pastes: Number(row.pastes ?? 0),
    quizCompleted: Boolean(row.quiz_completed),
    videoReceived: Boolean(row.video_received),
    videoUploading: Boolean(row.video_uploading),
    videoSkipped: Boolean(row.video_skipped),
    rating: row.rating === null ? null : Number(row.rating),
    feedbackReceived: Boolean(row.feedback_received),
  };
}

/**
 * How the candidate list sorts, as SQL both databases read alike over the columns of the list's
 * query (`CandidateListRow`), which each database wraps as a subquery named `candidates`: the sort's
 * own key, then start time and session id for ties.
 * Status ranks the steps: registered, quiz submitted, video done, finished.
 */
const CANDIDATE_SORT_KEYS = {
  startedAt: 'started_at',
  name: "coalesce(sort_name, '')",
  status: `CASE WHEN feedback_received THEN 3 WHEN video_received OR video_skipped THEN 2
    WHEN submitted_at IS NOT NULL OR quiz_completed THEN 1 ELSE 0 END`,
  signals: 'coalesce(tab_switches, 0) + coalesce(pastes, 0)',
} as const;

export function candidateOrderBy(sort: keyof typeof CANDIDATE_SORT_KEYS, order: 'asc' | 'desc'): string {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${CANDIDATE_SORT_KEYS[sort]} ${direction}, started_at ${direction}, session_id ${direction}`;
}
