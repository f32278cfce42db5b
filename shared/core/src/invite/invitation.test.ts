import { describe, expect, it } from 'vitest';
import { type InvitationFacts, invitationState, isClosedState } from './invitation.ts';

const now = 1_800_000_000_000;
const unused: InvitationFacts = { expiresAt: now + 1000, revokedAt: null, sessionId: null, finishedAt: null };

describe('invitationState', () => {
  it('is unused until a browser registers with it, then started', () => {
    expect(invitationState(unused, now)).toBe('unused');
    expect(invitationState({ ...unused, sessionId: 's-1' }, now)).toBe('started');
  });
  it('expires at its expiry time exactly, used or not', () => {
    expect(invitationState(unused, now + 999)).toBe('unused');
    expect(invitationState(unused, now + 1000)).toBe('expired');
    expect(invitationState({ ...unused, sessionId: 's-1' }, now + 1000)).toBe('expired');
  });
  it('stays finished after its expiry: a finished assessment is not taken back by the calendar', () => {
    expect(invitationState({ ...unused, sessionId: 's-1', finishedAt: now }, now + 5000)).toBe('finished');
  });
  it('is revoked whatever else is true', () => {
    const revoked = { ...unused, sessionId: 's-1', finishedAt: now, revokedAt: now };
    expect(invitationState(revoked, now + 5000)).toBe('revoked');
    expect(invitationState({ ...unused, revokedAt: now }, now)).toBe('revoked');
  });
  it('closes the link when revoked or expired only', () => {
    expect(['unused', 'started', 'finished', 'expired', 'revoked'].map((s) => isClosedState(s as never))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
