import { type CriterionSummary, DISCUSS_SPREAD } from './rating-schemas.ts';

/**
 * Each criterion's mean, spread and count over the ratings given under one rubric version (each a
 * score per criterion, in the rubric's order), marked for discussion where reviewers are
 * `DISCUSS_SPREAD` or more apart. A score left out (null) is not counted. A mean is rounded to
 * one decimal, as the page shows it.
 */
export function criterionSummaries(
  criterionCount: number,
  scoreLists: readonly (readonly (number | null)[])[],
): CriterionSummary[] {
  return Array.from({ length: criterionCount }, (_, index) => {
    const scores = scoreLists
      .map((scores) => scores[index])
      .filter((score): score is number => typeof score === 'number');
    if (scores.length === 0) return { mean: 0, spread: 0, count: 0, discuss: false };
    const spread = Math.max(...scores) - Math.min(...scores);
    const mean = Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10;
    return { mean, spread, count: scores.length, discuss: spread >= DISCUSS_SPREAD };
  });
}
