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

/**
 * What erasing whom an invitation was for takes beyond their name, email, emails and looks, in
 * the words of the question that asks first. A revoked or expired link may or may not have been
 * used before it closed; the card cannot tell (a blind test hides the session), so it says so.
 */
export function erasureAlsoTakes(state: InvitationState): string {
  if (state === 'unused') return '';
  if (state === 'started' || state === 'finished') return ', and so does everything they sent';
  return ', and so does everything they sent if they started the test';
}
