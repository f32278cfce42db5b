import type { InvitationState } from '@assessment/core';

export interface InvitationActions {
  copy: boolean;
  extend: boolean;
  extraTime: boolean;
  revoke: boolean;
  /** Erasing whom it was for, on their request (an admin's). */
  erase: boolean;
}

/**
 * What a reviewer can still do with an invitation. A revoked or erased one is closed for good; a
 * finished one has nothing left to change; an expired one can be extended (it opens again at once).
 * Whom any of them was for can be erased until they are.
 */
export function invitationActions(state: InvitationState): InvitationActions {
  const open = state === 'unused' || state === 'started' || state === 'expired';
  return {
    copy: state !== 'revoked' && state !== 'erased',
    extend: open,
    extraTime: open,
    revoke: open,
    erase: state !== 'erased',
  };
}
