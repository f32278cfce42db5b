const INVITE_ID = /^[a-z0-9]{8}$/;

/**
 * The `:testId` route param as an invitation identifier: URL-decoded, trimmed, then exactly
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

export type InviteScreen = 'landing' | 'quiz' | 'vintro' | 'iprep';

export type InviteRoute = { kind: 'redirect'; to: string } | { kind: 'screen'; screen: InviteScreen; inviteId: string };

const SECTION_SCREENS = new Set<InviteScreen>(['quiz', 'vintro', 'iprep']);

/** Every redirect of the invite router (SPEC section 2), decided without React. */
export function resolveInviteRoute(param: string, restPath: string, lookup: InviteLookup): InviteRoute {
  const inviteId = decodeInviteParam(param);
  if (inviteId === null) return { kind: 'redirect', to: '/404' };
  if (lookup.isExpired(inviteId)) return { kind: 'redirect', to: '/expired' };
  if (!lookup.isKnownTestId(inviteId)) return { kind: 'redirect', to: '/404' };

  const rest = restPath.replace(/^\/+|\/+$/g, '');
  if (rest === '') {
    return param === inviteId
      ? { kind: 'screen', screen: 'landing', inviteId }
      : { kind: 'redirect', to: invitePath(inviteId) };
  }
  if (SECTION_SCREENS.has(rest as InviteScreen)) {
    return param === inviteId
      ? { kind: 'screen', screen: rest as InviteScreen, inviteId }
      : { kind: 'redirect', to: invitePath(inviteId, rest as InviteScreen) };
  }
  return { kind: 'redirect', to: invitePath(inviteId) };
}

export function invitePath(inviteId: string, screen: InviteScreen = 'landing'): string {
  return screen === 'landing' ? `/invite/${inviteId}` : `/invite/${inviteId}/${screen}`;
}
