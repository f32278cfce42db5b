import { describe, expect, it } from 'vitest';
import { invitationActions } from './invitation-labels.ts';

describe('what a reviewer can do with an invitation', () => {
  it('everything while it is open, and extending an expired one', () => {
    for (const state of ['unused', 'started', 'expired'] as const) {
      expect(invitationActions(state)).toEqual({ copy: true, extend: true, extraTime: true, revoke: true });
    }
  });

  it('only copy the link of a finished one', () => {
    expect(invitationActions('finished')).toEqual({ copy: true, extend: false, extraTime: false, revoke: false });
  });

  it('nothing with a revoked one', () => {
    expect(invitationActions('revoked')).toEqual({ copy: false, extend: false, extraTime: false, revoke: false });
  });
});
