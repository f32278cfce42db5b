import { describe, expect, it } from 'vitest';
import { finalReasonAt, TIME_UP_TOLERANCE_MS } from './final-reason.ts';

describe('finalReasonAt', () => {
  const endsAt = 1_750_000_900_000;

  it('calls a submit well before the deadline complete', () => {
    expect(finalReasonAt(endsAt - TIME_UP_TOLERANCE_MS - 1, endsAt)).toBe('complete');
    expect(finalReasonAt(endsAt - 600_000, endsAt)).toBe('complete');
  });

  it('calls a submit at the deadline, just before it or after it time-up', () => {
    expect(finalReasonAt(endsAt - TIME_UP_TOLERANCE_MS, endsAt)).toBe('time-up');
    expect(finalReasonAt(endsAt, endsAt)).toBe('time-up');
    expect(finalReasonAt(endsAt + 3_600_000, endsAt)).toBe('time-up');
  });
});
