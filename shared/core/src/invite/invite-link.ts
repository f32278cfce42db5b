import { decodeInviteParam, type InviteLookup, type InviteParam, invitePath, inviteSegment } from './invite-id.ts';

export const INVALID_INVITE_LINK = 'Invalid Invite Link!';

export type ParsedInviteLink =
  | { ok: true; testId: string; invitationToken: string | null; path: string }
  | { ok: false; error: typeof INVALID_INVITE_LINK };

/** The first segment of `path`, decoded, when it is an invitation of a test this product knows (current or expired). */
function knownInviteAtStart(path: string, lookup: InviteLookup): InviteParam | undefined {
  const first = path.split(/[/?#]/, 1)[0] ?? '';
  const decoded = decodeInviteParam(first);
  if (decoded === null) return undefined;
  return lookup.isKnownTestId(decoded.testId) || lookup.isExpired(decoded.testId) ? decoded : undefined;
}

/**
 * The test id at the start of `path` (e.g. `abc12345?ref=mail`, `abc12345/quiz` or
 * `abc12345-<token>/quiz`) when it is an invitation this product knows (a current test or an expired one).
 */
export function knownTestIdAtStart(path: string, lookup: InviteLookup): string | undefined {
  return knownInviteAtStart(path, lookup)?.testId;
}

/**
 * The link a candidate pastes on `/`, e.g. `https://assess.example/invite/abc12345`, or a personal one
 * ending in `-<token>`. Split on `/`: more than 3 segments, the fourth is `invite`, the fifth starts with
 * a known id. An expired id still parses, so the candidate lands on the honest "Link Expired" screen
 * instead of being told the link is wrong. A personal link keeps its token.
 */
export function parseInviteLink(input: string, lookup: InviteLookup): ParsedInviteLink {
  const segments = input.trim().split('/');
  if (segments.length <= 3 || segments[3] !== 'invite') return { ok: false, error: INVALID_INVITE_LINK };
  const invite = knownInviteAtStart(segments.slice(4).join('/'), lookup);
  if (invite === undefined) return { ok: false, error: INVALID_INVITE_LINK };
  const { testId, invitationToken } = invite;
  return { ok: true, testId, invitationToken, path: invitePath(inviteSegment(testId, invitationToken)) };
}
