import type { SectionDefinition, SectionRegistry } from '../sections/section-registry.ts';
import { SECTIONS, type SectionSegment } from '../sections/sections.ts';

const INVITE_ID = /^[a-z0-9]{8}$/;

/**
 * The `:testId` route param as a test id: URL-decoded, trimmed, then exactly
 * 8 lowercase letters or digits. `null` when decoding fails or the shape is wrong.
 */
export function decodeInviteParam(param: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    return null;
  }
  const id = decoded.trim();
  return INVITE_ID.test(id) ? id : null;
}

export interface InviteLookup {
  isKnownTestId(id: string): boolean;
  isExpired(id: string): boolean;
}

/** `landing`, or the route segment of a section of the registry. */
export type InviteScreen = 'landing' | SectionSegment;

export type InviteRoute = { kind: 'redirect'; to: string } | { kind: 'screen'; screen: InviteScreen; testId: string };

/** Every redirect of the invite router, decided without React; the section routes come from `sections`. */
export function resolveInviteRoute(
  param: string,
  restPath: string,
  lookup: InviteLookup,
  sections: SectionRegistry = SECTIONS,
): InviteRoute {
  const testId = decodeInviteParam(param);
  if (testId === null) return { kind: 'redirect', to: '/404' };
  if (lookup.isExpired(testId)) return { kind: 'redirect', to: '/expired' };
  if (!lookup.isKnownTestId(testId)) return { kind: 'redirect', to: '/404' };

  const rest = restPath.replace(/^\/+|\/+$/g, '');
  const screen = rest === '' ? 'landing' : sections.bySegment(rest)?.segment;
  if (screen === undefined) return { kind: 'redirect', to: invitePath(testId) };
  return param === testId
    ? { kind: 'screen', screen: screen as InviteScreen, testId }
    : { kind: 'redirect', to: invitePath(testId, screen) };
}

/** `/invite/<id>`, or `/invite/<id>/<segment>` for a section. */
export function invitePath(testId: string, screen: string = 'landing'): string {
  return screen === 'landing' ? `/invite/${testId}` : `/invite/${testId}/${screen}`;
}

/** Where a section's `goToNext` leads: the next section of the registry, or the landing page after the last. */
export function pathAfterSection(
  testId: string,
  section: SectionDefinition,
  sections: SectionRegistry = SECTIONS,
): string {
  const next = sections.next(section);
  return invitePath(testId, next?.segment);
}
