import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, HOLD_MS, retryAt } from './delivery-sender.ts';
import { SMTP_STALL_MS } from './mail-transport.ts';

const MINUTE = 60_000;

describe('retryAt', () => {
  it('waits 30 s after the first failure, twice as long each time after, and never more than an hour', () => {
    const created = 0;
    expect(
      [1, 2, 3, 4, 7, 8, 20].map((attempts) => (retryAt(attempts, created, MINUTE) ?? Number.NaN) - MINUTE),
    ).toEqual([30_000, 60_000, 120_000, 240_000, 32 * 60_000, 60 * 60_000, 60 * 60_000]);
  });

  it('tries for two days from the message, then gives up', () => {
    expect(retryAt(40, 0, GIVE_UP_AFTER_MS - 60 * MINUTE)).toBe(GIVE_UP_AFTER_MS);
    expect(retryAt(40, 0, GIVE_UP_AFTER_MS - 59 * MINUTE)).toBeNull();
  });
});

describe('HOLD_MS', () => {
  it('outlasts a stalled SMTP send, so a live instance’s send is never taken by another', () => {
    // Connecting and greeting share one deadline; then as long again of silence ends the send.
    expect(HOLD_MS).toBeGreaterThan(2 * SMTP_STALL_MS);
  });
});
