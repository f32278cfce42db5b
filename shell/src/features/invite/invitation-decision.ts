import type { ClosedInvitationState } from '@assessment/core';
import type { InvitationCheck } from '@assessment/react';

/** What a personal invitation brings to the landing page. */
export interface LandingInvitation {
  extraTimePercent: number;
  /** This browser already started the assessment with this link: agreeing again continues it. */
  startedHere: boolean;
  /** This browser's session finished with this link (its feedback arrived): the end can be seen again. */
  finishedHere: boolean;
  /** The address the invitation was made for, which the form fills in; null when the server was not asked. */
  email: string | null;
  /** The name the company invited, which the form fills in for the candidate to keep or correct; null when none is known. */
  name: string | null;
}

/** A closed link goes to Link Expired, which says so when the candidate's data was erased. */
function closedTarget(state: ClosedInvitationState): { to: '/expired'; erased?: true } {
  return state === 'erased' ? { to: '/expired', erased: true } : { to: '/expired' };
}

/** What the invitation link's landing route shows, once the server has said what it knows. */
export type LandingDecision =
  | { screen: 'checking' }
  | { screen: 'landing'; invitation: LandingInvitation | null }
  | { screen: 'in-use' }
  | { screen: 'invitation-only' }
  /** `serverAnswered`: the server answered, busy or failing; else it could not be reached at all. */
  | { screen: 'unreachable'; serverAnswered: boolean }
  | { screen: 'redirect'; to: '/expired' | '/404'; erased?: true };

/** What this browser knows of the link without the server. */
export interface LocalFacts {
  /** A personal link (with a token), not the open link. */
  personal: boolean;
  /** This browser's session was started with this very link (`isSessionOfLink`). */
  holdsLink: boolean;
  /** The extra time stored with that session, if any. */
  storedExtraTimePercent: number | null;
}

/**
 * The landing route's screen (`check` null while the server is asked). The server decides whether
 * a link may be used. The open link shows the landing page at once and gives way only when the
 * server says the test takes personal invitations only; where the server cannot be reached, the
 * open link and a link this browser already started with stay usable, as before personal links
 * existed, while a new personal link waits (its extra time is the server's to say).
 */
export function decideLanding(check: InvitationCheck | null, local: LocalFacts): LandingDecision {
  if (check === null) return local.personal ? { screen: 'checking' } : { screen: 'landing', invitation: null };
  if (check.kind === 'closed') return { screen: 'redirect', ...closedTarget(check.state) };
  // The open link's test id is already known to the catalogue: only a token can be unknown.
  if (check.kind === 'unknown' && local.personal) return { screen: 'redirect', to: '/404' };
  if (check.kind !== 'answered' || (check.status.kind === 'open') === local.personal) {
    if (!local.personal) return { screen: 'landing', invitation: null };
    return local.holdsLink
      ? {
          screen: 'landing',
          invitation: {
            extraTimePercent: local.storedExtraTimePercent ?? 0,
            startedHere: true,
            finishedHere: false,
            email: null,
            name: null,
          },
        }
      : { screen: 'unreachable', serverAnswered: check.kind !== 'unreachable' };
  }
  const { status } = check;
  if (status.kind === 'open') {
    // A candidate who started before the hiring company switched the open link off may finish.
    return status.openLinkAllowed || local.holdsLink
      ? { screen: 'landing', invitation: null }
      : { screen: 'invitation-only' };
  }
  if (status.state !== 'unused' && !status.yours) return { screen: 'in-use' };
  return {
    screen: 'landing',
    invitation: {
      extraTimePercent: status.extraTimePercent,
      startedHere: status.yours && status.state !== 'unused',
      finishedHere: status.yours && status.state === 'finished',
      email: status.email,
      name: status.name,
    },
  };
}

/** What a section of a personal link does with the server's answer, asked as it loads. */
export type SectionDecision =
  | { action: 'stay'; extraTimePercent: number | null }
  /** The link is in use in another browser: the landing route explains. */
  | { action: 'landing' }
  | { action: 'redirect'; to: '/expired' | '/404'; erased?: true };

/**
 * A section shows at once (this browser holds the session); the answer may still send the
 * candidate away, or bring a changed extra time. Without an answer the section simply goes on.
 */
export function decideSection(check: InvitationCheck): SectionDecision {
  if (check.kind === 'closed') return { action: 'redirect', ...closedTarget(check.state) };
  if (check.kind === 'unknown') return { action: 'redirect', to: '/404' };
  if (check.kind === 'unreachable' || check.kind === 'failed' || check.status.kind === 'open') {
    return { action: 'stay', extraTimePercent: null };
  }
  const { status } = check;
  if (status.state !== 'unused' && !status.yours) return { action: 'landing' };
  return { action: 'stay', extraTimePercent: status.extraTimePercent };
}
