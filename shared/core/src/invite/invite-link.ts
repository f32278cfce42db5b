import { decodeInviteParam, type InviteLookup, invitePath } from './invite-id.ts';

export const INVALID_INVITE_LINK = 'Invalid Invite Link!';

export type ParsedInviteLink =
  | { ok: true; testId: string; path: string }
  | { ok: false; error: typeof INVALID_INVITE_LINK };

/**
 * The first segment of `path` (e.g. `abc12345?ref=mail` or `abc12345/quiz`) when it is an
 * invitation this product knows (a current test or an expired one).
 */
export function knownTestIdAtStart(path: string, lookup: InviteLookup): string | undefined {
  const first = path.split(/[/?#]/, 1)[0] ?? '';
  const id = decodeInviteParam(first);
  if (id === null) return undefined;
  return lookup.isKnownTestId(id) || lookup.isExpired(id) ? id : undefined;
}

/**
 * The link a candidate pastes on `/`, e.g. `https://assess.example/invite/abc12345`.
 * Split on `/`: more than 3 segments, the fourth is `invite`, the fifth starts with a known id.
 * An expired id still parses, so the candidate lands on the honest "Link Expired" screen
 * instead of being told the link is wrong.
 */
export function parseInviteLink(input: string, lookup: InviteLookup): ParsedInviteLink {
  const segments = input.trim().split('/');
  if (segments.length <= 3 || segments[3] !== 'invite') return { ok: false, error: INVALID_INVITE_LINK };
  const testId = knownTestIdAtStart(segments.slice(4).join('/'), lookup);
  if (testId === undefined) return { ok: false, error: INVALID_INVITE_LINK };
  return { ok: true, testId, path: invitePath(testId) };
}
