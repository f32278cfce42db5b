import type { SectionDefinition, SectionRegistry } from '../sections/section-registry.ts';
import { SECTIONS, type SectionSegment } from '../sections/sections.ts';

/** The test id, then, for a personal invitation, `-` and the invitation's own 26-character token. */
const INVITE_SEGMENT = /^([a-z0-9]{8})(?:-([a-z0-9]{26}))?$/;

/** What the `:testId` segment of an invitation link names: a test, and a personal invitation's token if any. */
export interface InviteParam {
  testId: string;
  /** Null for the open link (the bare test id). */
  invitationToken: string | null;
}

/**
 * The `:testId` route param: URL-decoded, trimmed, then 8 lowercase letters or digits, optionally
 * followed by `-` and a personal invitation's token. `null` when decoding fails or the shape is wrong.
 */
export function decodeInviteParam(param: string): InviteParam | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    return null;
  }
  const match = INVITE_SEGMENT.exec(decoded.trim());
  if (!match) return null;
  return { testId: match[1] as string, invitationToken: match[2] ?? null };
}

/** The route segment of an invitation: the bare test id for the open link, `<testId>-<token>` for a personal one. */
export function inviteSegment(testId: string, invitationToken: string | null = null): string {
  return invitationToken === null ? testId : `${testId}-${invitationToken}`;
}

export interface InviteLookup {
  isKnownTestId(id: string): boolean;
  isExpired(id: string): boolean;
}

/** `landing`, or the route segment of a section of the registry. */
export type InviteScreen = 'landing' | SectionSegment;

export type InviteRoute =
  | { kind: 'redirect'; to: string }
  | { kind: 'screen'; screen: InviteScreen; testId: string; invitationToken: string | null };

/**
 * Every redirect of the invite router, decided without React; the section routes come from `sections`.
 * A personal invitation's token stays in every address it redirects to; whether the token is valid,
 * in use, expired or revoked is the server's to say.
 */
export function resolveInviteRoute(
  param: string,
  restPath: string,
  lookup: InviteLookup,
  sections: SectionRegistry = SECTIONS,
): InviteRoute {
  const decoded = decodeInviteParam(param);
  if (decoded === null) return { kind: 'redirect', to: '/404' };
  const { testId, invitationToken } = decoded;
  if (lookup.isExpired(testId)) return { kind: 'redirect', to: '/expired' };
  if (!lookup.isKnownTestId(testId)) return { kind: 'redirect', to: '/404' };

  const segment = inviteSegment(testId, invitationToken);
  const rest = restPath.replace(/^\/+|\/+$/g, '');
  const screen = rest === '' ? 'landing' : sections.bySegment(rest)?.segment;
  if (screen === undefined) return { kind: 'redirect', to: invitePath(segment) };
  return param === segment
    ? { kind: 'screen', screen: screen as InviteScreen, testId, invitationToken }
    : { kind: 'redirect', to: invitePath(segment, screen) };
}

/**
 * `/invite/<segment>`, or `/invite/<segment>/<section>` for a section. The segment is a test id, or
 * `inviteSegment(testId, token)` for a personal invitation.
 */
export function invitePath(segment: string, screen: string = 'landing'): string {
  return screen === 'landing' ? `/invite/${segment}` : `/invite/${segment}/${screen}`;
}

/**
 * Where a section's `goToNext` leads: the next section of the registry, or the landing page after the
 * last. `segment` as for `invitePath`.
 */
export function pathAfterSection(
  segment: string,
  section: SectionDefinition,
  sections: SectionRegistry = SECTIONS,
): string {
  const next = sections.next(section);
  return invitePath(segment, next?.segment);
}
