import type { CandidateRatings, RatingView } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { comparedRecommendation, comparedScores } from './compared-ratings.ts';

const anchors = { one: 'Weak', three: 'Fair', five: 'Strong' };
const reasoning = { about: 1, name: 'Reasoning', anchors };
const communication = { about: 'video' as const, name: 'Communication', anchors };
const clarity = { about: 1, name: 'Clarity', anchors };
const rubric: CandidateRatings['rubric'] = {
  version: 2,
  locked: true,
  criteria: [reasoning, communication, clarity],
};
const rating = (by: string, scores: (number | null)[], recommendation: RatingView['recommendation']): RatingView => ({
  by,
  rubricVersion: 2,
  criteria: rubric.criteria,
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
      { criterion: reasoning, mean: 3.3, spread: 2, count: 3, discuss: true },
      { criterion: communication, mean: 4.5, spread: 1, count: 2, discuss: false },
      { criterion: clarity, mean: 3.3, spread: 1, count: 3, discuss: false },
    ],
  },
};

describe('comparedScores', () => {
  it('gives the criteria about one question, in the rubric order, with both scores', () => {
    expect(comparedScores(rated, 1)).toEqual([
      { name: 'Reasoning', mine: 4, team: { criterion: reasoning, mean: 3.3, spread: 2, count: 3, discuss: true } },
      { name: 'Clarity', mine: 3, team: { criterion: clarity, mean: 3.3, spread: 1, count: 3, discuss: false } },
    ]);
    expect(comparedScores(rated, 'video')).toEqual([
      {
        name: 'Communication',
        mine: null,
        team: { criterion: communication, mean: 4.5, spread: 1, count: 2, discuss: false },
      },
    ]);
    expect(comparedScores(rated, 2)).toEqual([]);
  });

  it('gives nothing before the reviewer rated', () => {
    expect(comparedScores({ rubric, mine: null, team: null }, 1)).toEqual([]);
  });

  it('matches a score given under an older version to the criterion it kept, and to no other', () => {
    const older = { ...mine, rubricVersion: 1, criteria: [{ ...reasoning, name: 'Logic' }, clarity], scores: [5, 2] };
    expect(comparedScores({ ...rated, mine: older }, 1).map(({ name, mine }) => ({ name, mine }))).toEqual([
      { name: 'Reasoning', mine: null },
      { name: 'Clarity', mine: 2 },
    ]);
  });
});

describe('comparedRecommendation', () => {
  it("sums up the team's recommendations and counts them, strongest yes first", () => {
    expect(comparedRecommendation(rated)).toEqual({ mine: 'Yes', team: 'Yes (Yes 2, Strong no 1)' });
    const split = { ...rated, team: rated.team && { ...rated.team, ratings: rated.team.ratings.slice(0, 2) } };
    expect(comparedRecommendation(split)).toEqual({ mine: 'Yes', team: 'Split (Yes 1, Strong no 1)' });
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
