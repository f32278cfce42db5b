import {
  type CandidateSort,
  CLOSED_INVITATION_ERRORS,
  type ClosedInvitationState,
  INVITATION_IN_USE_ERROR,
  type InvitationFacts,
  invitationState,
  isClosedState,
} from '@assessment/core';

/**
 * What the hiring company's side keeps beside the candidates' sessions: personal invitations, each
 * test's open-link setting, reviewer accounts and their sign-in sessions. Part of the same store
 * object (`SessionStore` extends these), so one database holds all of it and every instance sees it.
 * Times are ms since the epoch, from the server clock.
 */

export interface StoredInvitation {
  invitationId: string;
  testId: string;
  /** The unguessable part of the link; stored as is, so a reviewer can copy the link at any time. */
  token: string;
  email: string;
  name: string | null;
  createdAt: number;
  expiresAt: number;
  extraTimePercent: number;
  revokedAt: number | null;
  /** The session bound to the link, once a browser registered with it. */
  sessionId: string | null;
  /** When the bound session's feedback arrived. */
  finishedAt: number | null;
}

export type NewInvitation = Omit<StoredInvitation, 'revokedAt' | 'sessionId' | 'finishedAt'>;

export interface InvitationCursor {
  createdAt: number;
  invitationId: string;
}

export interface InvitationPage {
  /** Newest first. */
  invitations: StoredInvitation[];
  next?: InvitationCursor;
}

export interface InvitationChange {
  expiresAt?: number;
  extraTimePercent?: number;
}

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
}

/** One candidate of a test's list, as the store reads it in one query. */
export interface CandidateRow {
  sessionId: string;
  startedAt: number;
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
  rating: number | null;
  feedbackReceived: boolean;
}

export interface StoredReviewer {
  reviewerId: string;
  companyId: string;
  /** Lowercase. */
  email: string;
  name: string;
  /** argon2id, in its PHC string form. */
  passwordHash: string;
  createdAt: number;
}

export interface NewReviewerSession {
  /** SHA-256 of the random id in the cookie; the id itself is never stored. */
  sessionHash: string;
  reviewerId: string;
  csrfToken: string;
  createdAt: number;
  /** The absolute end, whatever the activity. */
  expiresAt: number;
}

export interface StoredReviewerSession extends NewReviewerSession {
  lastSeenAt: number;
  reviewer: StoredReviewer;
}

export interface InvitationStore {
  createInvitation(invitation: NewInvitation): Promise<void>;
  getInvitation(invitationId: string): Promise<StoredInvitation | undefined>;
  /** The invitation of this test with this token; another test's token finds nothing. */
  invitationOfToken(testId: string, token: string): Promise<StoredInvitation | undefined>;
  listInvitations(query: { testId: string; after?: InvitationCursor; limit: number }): Promise<InvitationPage>;
  /** Changes nothing once revoked; answers the invitation as it is then, or undefined for none. */
  changeInvitation(invitationId: string, change: InvitationChange): Promise<StoredInvitation | undefined>;
  /** The first revocation counts; a repeat changes nothing. Undefined for no such invitation. */
  revokeInvitation(invitationId: string, at: number): Promise<StoredInvitation | undefined>;
  /** True unless a reviewer turned the test's open link off. */
  openLinkAllowed(testId: string): Promise<boolean>;
  setOpenLinkAllowed(testId: string, allowed: boolean, at: number): Promise<void>;
  testCounts(testIds: readonly string[]): Promise<Map<string, TestCounts>>;
  /** A page of a test's candidates, sorted in the database; ties by start time, then session id. */
  listCandidates(query: CandidateQuery): Promise<CandidateRow[]>;
}

export interface ReviewerStore {
  /** `ReviewerExistsError` when the email has an account already. */
  addReviewer(reviewer: StoredReviewer): Promise<void>;
  reviewerOfEmail(email: string): Promise<StoredReviewer | undefined>;
  listReviewers(): Promise<StoredReviewer[]>;
  /** Removes the account and signs it out everywhere; false when there was none. */
  removeReviewer(email: string): Promise<boolean>;
  /** Also drops sign-ins that ended before `session.createdAt` (idle for `idleMs`, or past their end). */
  startReviewerSession(session: NewReviewerSession, idleMs: number): Promise<void>;
  reviewerSession(sessionHash: string): Promise<StoredReviewerSession | undefined>;
  touchReviewerSession(sessionHash: string, at: number): Promise<void>;
  endReviewerSession(sessionHash: string): Promise<void>;
}

/** A registration through a link that no longer opens: the link was revoked. */
export class InvitationRevokedError extends Error {
  /** On the prototype, so an error rebuilt from the writer thread's reply has it too. */
  get state(): ClosedInvitationState {
    return 'revoked';
  }
  constructor() {
    super(CLOSED_INVITATION_ERRORS.revoked);
    this.name = 'InvitationRevokedError';
  }
}

export class InvitationExpiredError extends Error {
  get state(): ClosedInvitationState {
    return 'expired';
  }
  constructor() {
    super(CLOSED_INVITATION_ERRORS.expired);
    this.name = 'InvitationExpiredError';
  }
}

/** The refusal for a link in a closed state; the API answers either error with 410 and the state. */
export function closedStateError(state: ClosedInvitationState): InvitationRevokedError | InvitationExpiredError {
  return state === 'revoked' ? new InvitationRevokedError() : new InvitationExpiredError();
}

/** Why a link no longer opens the assessment (revoked or expired), or undefined while it opens. */
export function closedInvitationError(
  invitation: InvitationFacts,
  now: number,
): InvitationRevokedError | InvitationExpiredError | undefined {
  const state = invitationState(invitation, now);
  return isClosedState(state) ? closedStateError(state) : undefined;
}

/** The link is bound to another session (another browser). */
export class InvitationInUseError extends Error {
  constructor() {
    super(INVITATION_IN_USE_ERROR);
    this.name = 'InvitationInUseError';
  }
}

export class ReviewerExistsError extends Error {
  constructor(email: string) {
    super(`A reviewer with the email ${email} exists already`);
    this.name = 'ReviewerExistsError';
  }
}
