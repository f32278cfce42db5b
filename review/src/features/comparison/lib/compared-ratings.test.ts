import type { CandidateRatings, RatingView } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { comparedRecommendation, comparedScores } from './compared-ratings.ts';

const anchors = { one: 'Weak', three: 'Fair', five: 'Strong' };
const rubric: CandidateRatings['rubric'] = {
  version: 2,
  locked: true,
  criteria: [
    { about: 1, name: 'Reasoning', anchors },
    { about: 'video', name: 'Communication', anchors },
    { about: 1, name: 'Clarity', anchors },
  ],
};
const rating = (by: string, scores: (number | null)[], recommendation: RatingView['recommendation']): RatingView => ({
  by,
  rubricVersion: 2,
  scores,
  recommendation,
  at: '2026-11-20T10:00:00.000Z',
});
const mine = rating('Me', [4, null, 3], 'yes');
const rated: CandidateRatings = {
  rubric,
  mine,
  team: {
    ratings: [mine, rating('Teammate', [2, 5, 3], 'strong-no'), rating('Another', [4, 4, 4], 'yes')],
    criteria: [
      { mean: 3.3, spread: 2, count: 3, discuss: true },
      { mean: 4.5, spread: 1, count: 2, discuss: false },
      { mean: 3.3, spread: 1, count: 3, discuss: false },
    ],
    otherVersions: 0,
  },
};

describe('comparedScores', () => {
  it('gives the criteria about one question, in the rubric order, with both scores', () => {
    expect(comparedScores(rated, 1)).toEqual([
      { name: 'Reasoning', mine: 4, team: { mean: 3.3, spread: 2, count: 3, discuss: true } },
      { name: 'Clarity', mine: 3, team: { mean: 3.3, spread: 1, count: 3, discuss: false } },
    ]);
    expect(comparedScores(rated, 'video')).toEqual([
      { name: 'Communication', mine: null, team: { mean: 4.5, spread: 1, count: 2, discuss: false } },
    ]);
    expect(comparedScores(rated, 2)).toEqual([]);
  });

  it('gives nothing before the reviewer rated, or when they rated under an older version', () => {
    expect(comparedScores({ rubric, mine: null, team: null }, 1)).toEqual([]);
    expect(comparedScores({ ...rated, mine: { ...mine, rubricVersion: 1 } }, 1)).toEqual([]);
  });
});

describe('comparedRecommendation', () => {
  it("counts the team's recommendations from strong no to strong yes", () => {
    expect(comparedRecommendation(rated)).toEqual({ mine: 'Yes', team: 'Strong no 1, Yes 2' });
  });

  it('says what stands in the way before there is anything to count', () => {
    expect(comparedRecommendation({ rubric, mine: null, team: null })).toEqual({
      mine: 'Not rated by you yet',
      team: null,
    });
    expect(
      comparedRecommendation({ rubric: { version: null, locked: false, criteria: [] }, mine: null, team: null }),
    ).toEqual({ mine: 'No rubric yet', team: null });
  });
});
