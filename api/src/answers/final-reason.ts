import type { FinalReason } from '@assessment/core';

/**
 * The browser's clock starts on agree, a moment before the server hears of the session, so the
 * browser's own time-up submit reaches the server a little before the server's deadline. A final
 * submit this close to the deadline, or after it, is one made at the time limit.
 */
export const TIME_UP_TOLERANCE_MS = 10_000;

/**
 * Why answers became final, decided by the server's clock against its own deadline, never by
 * what the browser says: at or after the time limit it is `time-up`, before it `complete`.
 */
export function finalReasonAt(receivedAt: number, endsAt: number): FinalReason {
  return receivedAt >= endsAt - TIME_UP_TOLERANCE_MS ? 'time-up' : 'complete';
}
