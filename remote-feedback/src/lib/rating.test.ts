import { describe, expect, it } from 'vitest';
import { isRating, RATING_VALUES, starLabel } from './rating.ts';

describe('rating', () => {
  it('labels the five stars from "1 star" to "5 stars"', () => {
    expect(RATING_VALUES.map(starLabel)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
  });

  it('accepts only the values the API stores', () => {
    expect(RATING_VALUES.every(isRating)).toBe(true);
    for (const value of [-1, 5, 2.5, '3', null, undefined, Number.NaN]) expect(isRating(value)).toBe(false);
  });
});
