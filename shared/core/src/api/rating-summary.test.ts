import { describe, expect, it } from 'vitest';
import type { Criterion, Recommendation } from './rating-schemas.ts';
import { criterionSummaries, recommendationCounts, recommendationCountsText, teamVerdict } from './rating-summary.ts';

const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };
const reasoning: Criterion = { about: 1, name: 'Reasoning', anchors };
const clarity: Criterion = { about: 2, name: 'Clarity', anchors };
const depth: Criterion = { about: 3, name: 'Depth', anchors };
const rated = (criteria: Criterion[], scores: (number | null)[]) => ({ criteria, scores });
const figures = (summaries: ReturnType<typeof criterionSummaries>) =>
  summaries.map(({ criterion, ...rest }) => ({ name: criterion.name, ...rest }));

describe('criterionSummaries', () => {
  it('gives each criterion its mean to one decimal, spread and count', () => {
    const first = [reasoning, clarity];
    expect(
      figures(criterionSummaries(first, [rated(first, [4, 2]), rated(first, [5, 2]), rated(first, [4, 3])])),
    ).toEqual([
      { name: 'Reasoning', mean: 4.3, spread: 1, count: 3, discuss: false },
      { name: 'Clarity', mean: 2.3, spread: 1, count: 3, discuss: false },
    ]);
  });

  it('marks a criterion for discussion from two points apart, not before', () => {
    const first = [reasoning, clarity];
    const [apart, close] = criterionSummaries(first, [rated(first, [1, 3]), rated(first, [3, 4])]);
    expect(apart).toMatchObject({ spread: 2, discuss: true });
    expect(close).toMatchObject({ spread: 1, discuss: false });
  });

  it('gives a criterion nobody rated a count of 0, which the page shows as no ratings yet', () => {
    expect(criterionSummaries([reasoning], [])).toEqual([
      { criterion: reasoning, mean: 0, spread: 0, count: 0, discuss: false },
    ]);
    const first = [reasoning, clarity];
    expect(criterionSummaries(first, [rated(first, [5, null]), rated(first, [3, 4])])[1]).toEqual({
      criterion: clarity,
      mean: 4,
      spread: 0,
      count: 1,
      discuss: false,
    });
  });

  it('counts a criterion a later version kept together across versions, wherever it stands, by its name', () => {
    const versionOne = [reasoning, clarity];
    const versionTwo = [depth, clarity, reasoning];
    expect(figures(criterionSummaries(versionTwo, [rated(versionOne, [4, 2]), rated(versionTwo, [3, 4, 2])]))).toEqual([
      { name: 'Depth', mean: 3, spread: 0, count: 1, discuss: false },
      { name: 'Clarity', mean: 3, spread: 2, count: 2, discuss: true },
      { name: 'Reasoning', mean: 3, spread: 2, count: 2, discuss: true },
    ]);
  });

  it('keeps a criterion a later version changed apart, under its own name, after the current ones', () => {
    const reworded = { ...reasoning, anchors: { ...anchors, five: 'Figures for every claim' } };
    const renamed = { ...clarity, name: 'Clear writing' };
    expect(
      figures(
        criterionSummaries(
          [reworded, renamed],
          [rated([reasoning, clarity], [5, 1]), rated([reworded, renamed], [3, 3])],
        ),
      ),
    ).toEqual([
      { name: 'Reasoning', mean: 3, spread: 0, count: 1, discuss: false },
      { name: 'Clear writing', mean: 3, spread: 0, count: 1, discuss: false },
      { name: 'Reasoning', mean: 5, spread: 0, count: 1, discuss: false },
      { name: 'Clarity', mean: 1, spread: 0, count: 1, discuss: false },
    ]);
  });
});

describe('the team’s recommendation', () => {
  const counts = (given: Recommendation[]) => recommendationCounts(given);

  it('is the side more of the ratings are on, whatever their strength', () => {
    expect(teamVerdict(counts(['yes', 'strong-yes', 'no']))).toBe('yes');
    expect(teamVerdict(counts(['strong-yes']))).toBe('yes');
    expect(teamVerdict(counts(['no', 'strong-no', 'strong-yes']))).toBe('no');
  });

  it('is split when as many ratings are on each side, however strong', () => {
    expect(teamVerdict(counts(['yes', 'no']))).toBe('split');
    expect(teamVerdict(counts(['strong-yes', 'strong-no', 'yes', 'no']))).toBe('split');
    expect(teamVerdict(counts(['strong-yes', 'no']))).toBe('split');
  });

  it('is nothing without a rating', () => {
    expect(teamVerdict(counts([]))).toBeNull();
  });

  it('reads as its counts, strongest yes first, leaving out what nobody gave', () => {
    expect(recommendationCountsText(counts(['no', 'yes']))).toBe('Yes 1, No 1');
    expect(recommendationCountsText(counts(['strong-no', 'strong-yes', 'strong-yes']))).toBe(
      'Strong yes 2, Strong no 1',
    );
    expect(recommendationCountsText(counts([]))).toBe('');
  });
});
