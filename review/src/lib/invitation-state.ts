import type { InvitationState } from '@assessment/core';

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  unused: 'Not opened yet',
  started: 'In progress',
  finished: 'Finished',
  expired: 'Expired',
  revoked: 'Revoked',
  erased: 'Erased',
};
