import {
  CLOSED_INVITATION_ERRORS,
  type ClosedInvitationState,
  INVITATION_IN_USE_ERROR,
  INVITATION_ONLY_ERROR,
  type InvitationFacts,
  invitationState,
  isClosedState,
} from '@assessment/core';

/** The stores' refusals. A refused write changes nothing; the API answers each with its own status. */

export class SessionConflictError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" belongs to another invitation`);
    this.name = 'SessionConflictError';
  }
}

/** The session exists under another key (or under none: it began before keys existed). */
export class SessionKeyError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" was started in another browser; this browser's session key is not its key`);
    this.name = 'SessionKeyError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" is not registered`);
    this.name = 'SessionNotFoundError';
  }
}

export class AnswersFinalError extends Error {
  constructor(submittedAt: number) {
    super(`These answers were submitted at ${new Date(submittedAt).toISOString()} and can no longer change`);
    this.name = 'AnswersFinalError';
  }
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

/** The candidate's data was erased: their link, and their browser's session, say so. */
export class SessionErasedError extends Error {
  get state(): ClosedInvitationState {
    return 'erased';
  }
  constructor() {
    super(CLOSED_INVITATION_ERRORS.erased);
    this.name = 'SessionErasedError';
  }
}

export type ClosedLinkError = InvitationRevokedError | InvitationExpiredError | SessionErasedError;

/** The refusal for a link in a closed state; the API answers each with 410 and the state. */
export function closedStateError(state: ClosedInvitationState): ClosedLinkError {
  if (state === 'erased') return new SessionErasedError();
  return state === 'revoked' ? new InvitationRevokedError() : new InvitationExpiredError();
}

/** Why a link no longer opens the assessment (revoked or expired), or undefined while it opens. */
export function closedInvitationError(invitation: InvitationFacts, now: number): ClosedLinkError | undefined {
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

/** A new session by the open link of a test whose company turned that link off. */
export class OpenLinkClosedError extends Error {
  constructor() {
    super(INVITATION_ONLY_ERROR);
    this.name = 'OpenLinkClosedError';
  }
}

/**
 * What the candidate sent with their final answers (their details) or once (their feedback) does
 * not change afterwards; the same again is taken, anything else refused.
 */
export class RecordFinalError extends Error {
  constructor(what: string, at: number) {
    super(`${what} arrived at ${new Date(at).toISOString()} and can no longer change`);
    this.name = 'RecordFinalError';
  }
}

export class ReviewerExistsError extends Error {
  constructor(email: string) {
    super(`A reviewer with the email ${email} exists already`);
    this.name = 'ReviewerExistsError';
  }
}

/** The store's refusals by name, so they survive the trip from a writer thread. */
export const STORE_ERRORS = {
  SessionConflictError,
  SessionKeyError,
  SessionNotFoundError,
  AnswersFinalError,
  InvitationRevokedError,
  InvitationExpiredError,
  InvitationInUseError,
  OpenLinkClosedError,
  SessionErasedError,
  RecordFinalError,
  ReviewerExistsError,
} as const;
