import { describe, expect, it } from 'vitest';
import { retryNote } from './retry-note.ts';

const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('the note under a load problem after "Try again"', () => {
  it('says when the one retry was made', () => {
    expect(retryNote(1, Date.UTC(2026, 10, 27, 13, 5, 9), utc)).toBe('Tried again at 13:05:09.');
  });

  it('counts the retries, so that each press changes what is read out', () => {
    expect(retryNote(3, Date.UTC(2026, 10, 27, 13, 5, 9), utc)).toBe('Tried again 3 times, last at 13:05:09.');
  });
});
