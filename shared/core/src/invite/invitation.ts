/**
 * Personal invitations: one link per candidate, made by the hiring company. What the server stores
 * of one, and the state every part of the product derives from it with `invitationState`.
 */

/** The unguessable part of a personal link: 26 characters of lowercase base32, about 130 random bits. */
export const INVITATION_TOKEN_PATTERN = /^[a-z0-9]{26}$/;
/** An invitation's public id, for reviewers and logs: `inv_` and 16 hex digits. */
export const INVITATION_ID_PATTERN = /^inv_[0-9a-f]{16}$/;

export const INVITATION_STATES = ['unused', 'started', 'finished', 'expired', 'revoked', 'erased'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
/**
 * The states in which the link no longer opens the assessment: each leads to Link Expired
 * (`/expired`), which also says so once the candidate's data was erased.
 */
export type ClosedInvitationState = Extract<InvitationState, 'expired' | 'revoked' | 'erased'>;

/** The facts an invitation's state follows from; times in ms since the epoch. */
export interface InvitationFacts {
  expiresAt: number;
  revokedAt: number | null;
  /** The candidate session the link is bound to, once a browser registered with it. */
  sessionId: string | null;
  /** When the bound session's feedback arrived: the end of the assessment. */
  finishedAt: number | null;
  /** When the bound session was erased (on request or at the end of the retention period). */
  erasedAt?: number | null;
}

/** First match wins: revoked, finished, expired, started, unused. */
export function invitationState(invitation: InvitationFacts, now: number): InvitationState {
  if (invitation.erasedAt != null) return 'erased';
  if (invitation.revokedAt !== null) return 'revoked';
  if (invitation.finishedAt !== null) return 'finished';
  if (now >= invitation.expiresAt) return 'expired';
  if (invitation.sessionId !== null) return 'started';
  return 'unused';
}

export function isClosedState(state: InvitationState): state is ClosedInvitationState {
  return state === 'revoked' || state === 'expired' || state === 'erased';
}

/** What the API answers (410) when a closed link is used, by state. */
export const CLOSED_INVITATION_ERRORS: Record<ClosedInvitationState, string> = {
  revoked: 'This invitation link has been revoked.',
  expired: 'This invitation link has expired.',
  erased: 'The data of this assessment has been erased.',
};
/** 409: the link is bound to a session another browser started. */
export const INVITATION_IN_USE_ERROR = 'This invitation link is already in use in another browser.';
/** 403: a registration without a personal link, on a test whose open link is switched off. */
export const INVITATION_ONLY_ERROR = 'This test is taken by personal invitation only.';
/** 404: a token that names no invitation of that test. */
export const UNKNOWN_INVITATION_ERROR = 'There is no such invitation link.';
