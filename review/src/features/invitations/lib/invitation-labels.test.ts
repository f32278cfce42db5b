import { describe, expect, it } from 'vitest';
import { invitationActions } from './invitation-labels.ts';

describe('what a reviewer can do with an invitation', () => {
  it('everything while it is open, and extending an expired one', () => {
    for (const state of ['unused', 'started', 'expired'] as const) {
      expect(invitationActions(state)).toEqual({
        copy: true,
        extend: true,
        extraTime: true,
        revoke: true,
        erase: true,
      });
    }
  });

  it('only copy the link of a finished one', () => {
    expect(invitationActions('finished')).toEqual({
      copy: true,
      extend: false,
      extraTime: false,
      revoke: false,
      erase: true,
    });
  });

  it('only erase whom a revoked one was for', () => {
    expect(invitationActions('revoked')).toEqual({
      copy: false,
      extend: false,
      extraTime: false,
      revoke: false,
      erase: true,
    });
  });

  it('nothing with an erased one', () => {
    expect(invitationActions('erased')).toEqual({
      copy: false,
      extend: false,
      extraTime: false,
      revoke: false,
      erase: false,
    });
  });
});
