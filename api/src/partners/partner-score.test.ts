import { describe, expect, it } from 'vitest';
import { partnerScore } from './partner-score.ts';

describe('partnerScore', () => {
  it('is null until someone rates', () => {
    expect(partnerScore([])).toBeNull();
  });

  it("maps the mean of the reviewers' means from 1-5 onto 0-100", () => {
    expect(partnerScore([1])).toBe(0);
    expect(partnerScore([3])).toBe(50);
    expect(partnerScore([5])).toBe(100);
    expect(partnerScore([4, 5])).toBe(88);
    // A reviewer who scored 3 criteria 4, 4 and 5 has a mean of 4.33…
    expect(partnerScore([13 / 3, 2])).toBe(54);
  });
});
