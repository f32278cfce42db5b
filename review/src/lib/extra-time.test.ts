import { describe, expect, it } from 'vitest';
import { extraTimeChoices, extraTimeLabel, extraTimeSummary } from './extra-time.ts';

describe('extra time', () => {
  it('offers none, a quarter, a half and double', () => {
    expect(extraTimeChoices()).toEqual([0, 25, 50, 100]);
    expect(extraTimeChoices(50)).toEqual([0, 25, 50, 100]);
  });

  it('keeps a value set elsewhere among the choices, so saving another change does not reset it', () => {
    expect(extraTimeChoices(30)).toEqual([0, 25, 30, 50, 100]);
  });

  it('says what the candidate gets', () => {
    expect(extraTimeLabel(0)).toBe('None');
    expect(extraTimeLabel(50)).toBe('+50 %');
    expect(extraTimeSummary(50, 15)).toBe('+50 % (quiz time 23 min instead of 15)');
    expect(extraTimeSummary(0, 20)).toBe('None (quiz time 20 min)');
  });
});
