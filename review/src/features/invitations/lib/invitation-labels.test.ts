import { describe, expect, it } from 'vitest';
import { erasureAlsoTakes, invitationActions } from './invitation-labels.ts';

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

describe('what erasing whom an invitation was for also takes', () => {
  it('nothing more where the link was never used', () => {
    expect(erasureAlsoTakes('unused')).toBe('');
  });

  it('what they sent where the link was used', () => {
    expect(erasureAlsoTakes('started')).toBe(', and so does everything they sent');
    expect(erasureAlsoTakes('finished')).toBe(', and so does everything they sent');
  });

  it('what they sent, if anything, where a closed link may have been used', () => {
    expect(erasureAlsoTakes('revoked')).toBe(', and so does everything they sent if they started the test');
    expect(erasureAlsoTakes('expired')).toBe(', and so does everything they sent if they started the test');
  });
});
