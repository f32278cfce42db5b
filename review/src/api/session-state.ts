import type { ReviewerMe } from '@assessment/core';
import type { ReviewerCalls } from './review-api.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  /**
   * The server ended the sign-in this page was using (idle or 7-day expiry, signed out in another
   * tab, access reset by an admin). The reviewer's view stays mounted, hidden, under the sign-in
   * form, so what they had not saved is there when the same account signs in again.
   */
  | { status: 'ended'; me: ReviewerMe; calls: ReviewerCalls }
  | { status: 'signed-in'; me: ReviewerMe; calls: ReviewerCalls }
  | { status: 'unreachable'; message: string };

/**
 * The state after one of `calls` was answered 401: the sign-in they belong to has ended. A late
 * answer to an earlier sign-in's call, arriving once the reviewer has signed in again, ends nothing.
 */
export function afterSignInRefused(state: SessionState, calls: ReviewerCalls): SessionState {
  return state.status === 'signed-in' && state.calls === calls ? { status: 'ended', me: state.me, calls } : state;
}

/**
 * Whose view the page shows. A view kept under the sign-in form comes back only to the account it
 * was made for; another account gets a new one, without a trace of the first one's typing. An
 * email names one account across companies (a unique column, api/src/storage/db/sqlite.ts).
 */
export function viewOwner(me: ReviewerMe): string {
  return JSON.stringify([me.company.companyId, me.reviewer.email]);
}
