import {
  type CandidateRatings,
  type Criterion,
  type CriterionSummary,
  RECOMMENDATION_NAMES,
  RECOMMENDATIONS,
} from '@assessment/core';

/** One criterion of a compared candidate: the reviewer's own score, and the team's once theirs is given. */
export interface ComparedScore {
  name: string;
  mine: number | null;
  team: CriterionSummary | null;
}

/**
 * The criteria about one question (or the video) with the reviewer's score and the team's figures.
 * Empty until the reviewer has rated this candidate under the rubric's current version: before,
 * the team's are not theirs to see, and under an older version the criteria no longer line up.
 */
export function comparedScores(ratings: CandidateRatings, about: Criterion['about']): ComparedScore[] {
  const { rubric, mine, team } = ratings;
  if (!mine || mine.rubricVersion !== rubric.version) return [];
  return rubric.criteria.flatMap((criterion, index) =>
    criterion.about === about
      ? [{ name: criterion.name, mine: mine.scores[index] ?? null, team: team?.criteria[index] ?? null }]
      : [],
  );
}

/**
 * The reviewer's recommendation for a compared candidate and the team's, counted from the
 * strongest no to the strongest yes ("Yes 2, Strong no 1"); what to do first when they have not rated.
 */
export function comparedRecommendation(ratings: CandidateRatings): { mine: string; team: string | null } {
  const { rubric, mine, team } = ratings;
  if (rubric.version === null) return { mine: 'No rubric yet', team: null };
  if (!mine) return { mine: 'Not rated by you yet', team: null };
  const given = team?.ratings ?? [];
  const counts = RECOMMENDATIONS.flatMap((recommendation) => {
    const count = given.filter((rating) => rating.recommendation === recommendation).length;
    return count > 0 ? [`${RECOMMENDATION_NAMES[recommendation]} ${count}`] : [];
  });
  return { mine: RECOMMENDATION_NAMES[mine.recommendation], team: counts.length > 0 ? counts.join(', ') : null };
}
