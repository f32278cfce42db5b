import { type InviteLookup, resolveInviteRoute, SECTIONS, type Section } from '@assessment/core';

/**
 * The section a page address opens (`/invite/<testId>/quiz`), as the invite router will decide it,
 * or undefined for any other page. Lets the shell start loading the section's remote while React
 * is still rendering the page around it.
 */
export function sectionOfPath(pathname: string, lookup: InviteLookup): Section | undefined {
  const match = /^\/invite\/([^/]+)\/(.+)$/.exec(pathname);
  if (!match?.[1] || !match[2]) return undefined;
  let param: string;
  try {
    param = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  const route = resolveInviteRoute(param, match[2], lookup);
  return route.kind === 'screen' ? SECTIONS.bySegment(route.screen) : undefined;
}
