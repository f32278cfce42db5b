import { describe, expect, it } from 'vitest';
import { criterionSummaries } from './rating-summary.ts';

describe('criterionSummaries', () => {
  it('gives each criterion its mean to one decimal, spread and count', () => {
    expect(
      criterionSummaries(2, [
        [4, 2],
        [5, 2],
        [4, 3],
      ]),
    ).toEqual([
      { mean: 4.3, spread: 1, count: 3, discuss: false },
      { mean: 2.3, spread: 1, count: 3, discuss: false },
    ]);
  });

  it('marks a criterion for discussion from two points apart, not before', () => {
    const [apart, close] = criterionSummaries(2, [
      [1, 3],
      [3, 4],
    ]);
    expect(apart).toMatchObject({ spread: 2, discuss: true });
    expect(close).toMatchObject({ spread: 1, discuss: false });
  });

  it('gives a criterion nobody rated a count of 0, which the page shows as no ratings yet', () => {
    expect(criterionSummaries(1, [])).toEqual([{ mean: 0, spread: 0, count: 0, discuss: false }]);
    expect(criterionSummaries(2, [[5]])[1]).toMatchObject({ count: 0 });
    const leftOut: (number | null)[][] = [
      [5, null],
      [3, 4],
    ];
    expect(criterionSummaries(2, leftOut)[1]).toEqual({ mean: 4, spread: 0, count: 1, discuss: false });
  });
});
