import { MINUTE_MS, type Section } from '@assessment/core';
import type { InviteLink, SessionData } from '@assessment/react';

/**
 * What the invitation page does for the candidate who opens it:
 * - `first-visit`: this browser holds no session of this link; the form, as always;
 * - `continue`: it holds one, not finished: "Welcome back" and one Continue, to the first section
 *   the candidate has not finished;
 * - `finished`: the last section is finished, so the assessment is over: straight to the end
 *   screen, no way to start again.
 */
export type Return =
  | { kind: 'first-visit' }
  | { kind: 'continue'; section: Section }
  | { kind: 'finished'; section: Section };

export function returnOf(
  session: Pick<SessionData, 'testId' | 'invitationToken' | 'sessionId' | 'sessionKey'>,
  link: InviteLink,
  sections: readonly Section[],
  isFinished: (section: Section) => boolean,
): Return {
  const ours =
    session.testId === link.testId &&
    session.invitationToken === link.invitationToken &&
    session.sessionId !== null &&
    session.sessionKey !== null;
  const last = sections.at(-1);
  if (!ours || !last) return { kind: 'first-visit' };
  if (isFinished(last)) return { kind: 'finished', section: last };
  const next = sections.find((section) => !isFinished(section)) ?? last;
  return { kind: 'continue', section: next };
}

/** `12 minutes`, rounded down, or `less than a minute`. */
export function describeMinutesLeft(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes === 0) return 'less than a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
