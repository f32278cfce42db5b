import { describe, expect, it } from 'vitest';
import { retentionWindows } from './retention-windows.ts';

const DAY = 86_400_000;
const now = 1000 * DAY;

describe('retentionWindows', () => {
  it('erases by the default period while the company has set none', () => {
    expect(retentionWindows([], 365, now)).toEqual([{ from: 0, before: now - 365 * DAY }]);
  });

  it('keeps each candidate no longer than they were told when they started, once the period is lengthened', () => {
    const lengthened = [
      { fromAt: 100 * DAY, days: 30 },
      { fromAt: 900 * DAY, days: 3650 },
    ];
    expect(retentionWindows(lengthened, 365, now)).toEqual([
      { from: 0, before: 100 * DAY },
      // Told 30 days: everyone who started then is past it, up to the lengthening.
      { from: 100 * DAY, before: 900 * DAY },
      { from: 900 * DAY, before: now - 3650 * DAY },
    ]);
  });

  it('keeps no one longer than the period in effect now, once it is shortened', () => {
    const shortened = [{ fromAt: 500 * DAY, days: 30 }];
    expect(retentionWindows(shortened, 365, now)).toEqual([
      { from: 0, before: 500 * DAY },
      { from: 500 * DAY, before: now - 30 * DAY },
    ]);
  });
});
