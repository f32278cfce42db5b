import { describe, expect, it } from 'vitest';
import { leavingLosesTake } from './leave-warning.ts';
import type { UploadState } from './video-sender.ts';

const inPageOnly = { keptInBrowser: false };
const inBrowser = { keptInBrowser: true };
const idle: UploadState = { phase: 'idle' };

function sending(keptInBrowser: boolean): UploadState {
  return { phase: 'sending', sent: 10, total: 100, wayOn: false, keptInBrowser };
}

function waiting(keptInBrowser: boolean): UploadState {
  return { phase: 'waiting', sent: 10, total: 100, wayOn: true, keptInBrowser, serverAnswered: false };
}

describe('leavingLosesTake', () => {
  it('asks while a take only this page holds is not submitted yet', () => {
    expect(leavingLosesTake(inPageOnly, idle)).toBe(true);
  });

  it('asks while a take only this page holds is being sent, or waits to be sent again', () => {
    expect(leavingLosesTake(inPageOnly, sending(false))).toBe(true);
    expect(leavingLosesTake(inPageOnly, waiting(false))).toBe(true);
    // Off screen, once the candidate went on while sending failed, nothing else holds it either.
    expect(leavingLosesTake(null, waiting(false))).toBe(true);
  });

  it('does not ask for a take this browser keeps', () => {
    expect(leavingLosesTake(inBrowser, idle)).toBe(false);
    expect(leavingLosesTake(inBrowser, sending(true))).toBe(false);
    expect(leavingLosesTake(null, waiting(true))).toBe(false);
  });

  it('does not ask once the server has the take, or has refused it for good', () => {
    expect(leavingLosesTake(inPageOnly, { phase: 'sent' })).toBe(false);
    expect(leavingLosesTake(inPageOnly, { phase: 'refused', reason: 'Too big' })).toBe(false);
  });

  it('does not ask with no take at all', () => {
    expect(leavingLosesTake(null, idle)).toBe(false);
  });
});
