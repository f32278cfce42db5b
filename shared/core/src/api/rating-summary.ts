import {
  type Criterion,
  type CriterionSummary,
  DISCUSS_SPREAD,
  RECOMMENDATION_NAMES,
  RECOMMENDATIONS,
  type Recommendation,
  type RecommendationCounts,
  type TeamVerdict,
} from './rating-schemas.ts';

/** What a criterion is about, as a person reads it. */
export const aboutName = (about: Criterion['about']): string =>
  about === 'video' ? 'Video introduction' : `Question ${about}`;

/**
 * Whether two criteria ask the same question: what they are about, their name and their anchors
 * (a 5 is judged against what a 5 looks like). A score given for one counts for the other.
 */
export const sameCriterion = (one: Criterion, other: Criterion): boolean =>
  one.about === other.about &&
  one.name === other.name &&
  one.anchors.one === other.anchors.one &&
  one.anchors.three === other.anchors.three &&
  one.anchors.five === other.anchors.five;

/** A rating as it is summed up: the criteria of its version, and a score (or null) for each. */
export interface ScoredRating {
  criteria: readonly Criterion[];
  scores: readonly (number | null)[];
}

/**
 * Each criterion's mean, spread and count over the ratings that have it, whatever version they
 * were given under (`sameCriterion`), marked for discussion where reviewers are `DISCUSS_SPREAD`
 * or more apart. `first` (the rubric as it stands) gives the first rows, in its order, counted
 * even without a score; then each criterion only the ratings have, in the order they come. A score
 * left out (null) is not counted. A mean is rounded to one decimal, as the page shows it.
 */
export function criterionSummaries(first: readonly Criterion[], ratings: readonly ScoredRating[]): CriterionSummary[] {
  const rows: { criterion: Criterion; scores: number[] }[] = first.map((criterion) => ({ criterion, scores: [] }));
  for (const rating of ratings) {
    rating.criteria.forEach((criterion, index) => {
      let row = rows.find((known) => sameCriterion(known.criterion, criterion));
      if (!row) {
        row = { criterion, scores: [] };
        rows.push(row);
      }
      const score = rating.scores[index];
      if (typeof score === 'number') row.scores.push(score);
    });
  }
  return rows.map(({ criterion, scores }) => {
    if (scores.length === 0) return { criterion, mean: 0, spread: 0, count: 0, discuss: false };
    const spread = Math.max(...scores) - Math.min(...scores);
    const mean = Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10;
    return { criterion, mean, spread, count: scores.length, discuss: spread >= DISCUSS_SPREAD };
  });
}

/** How many of the recommendations are each one. */
export function recommendationCounts(given: readonly Recommendation[]): RecommendationCounts {
  const counts: RecommendationCounts = { 'strong-no': 0, no: 0, yes: 0, 'strong-yes': 0 };
  for (const recommendation of given) counts[recommendation] += 1;
  return counts;
}

/**
 * The team's recommendation in one word (`TEAM_VERDICT_RULE`): the side more of its ratings are
 * on, or `split` when as many are on each; null without a rating. The candidate list's filter
 * applies the same rule in the database (`api/src/storage/candidates/candidate-store.ts`).
 */
export function teamVerdict(counts: RecommendationCounts): TeamVerdict | null {
  const forHiring = counts.yes + counts['strong-yes'];
  const against = counts.no + counts['strong-no'];
  if (forHiring + against === 0) return null;
  if (forHiring === against) return 'split';
  return forHiring > against ? 'yes' : 'no';
}

/** The counts as a person reads them, strongest yes first, leaving out those nobody gave: "Yes 1, No 1". */
export function recommendationCountsText(counts: RecommendationCounts): string {
  return [...RECOMMENDATIONS]
    .reverse()
    .filter((recommendation) => counts[recommendation] > 0)
    .map((recommendation) => `${RECOMMENDATION_NAMES[recommendation]} ${counts[recommendation]}`)
    .join(', ');
}
