import {
  type CandidateRatings,
  type Criterion,
  type CriterionSummary,
  RECOMMENDATION_NAMES,
  recommendationCounts,
  recommendationCountsText,
  sameCriterion,
  TEAM_VERDICT_NAMES,
  teamVerdict,
} from '@assessment/core';

/** One criterion of a compared candidate: the reviewer's own score, and the team's once theirs is given. */
export interface ComparedScore {
  name: string;
  mine: number | null;
  team: CriterionSummary | null;
}

/**
 * The current rubric's criteria about one question (or the video) with the reviewer's score and the
 * team's figures, each matched to the criterion of the version it was given under
 * (`sameCriterion`): a score for a criterion the rubric has since changed is not this one's.
 * Empty until the reviewer has rated this candidate: before, the team's are not theirs to see.
 */
export function comparedScores(ratings: CandidateRatings, about: Criterion['about']): ComparedScore[] {
  const { rubric, mine, team } = ratings;
  if (!mine) return [];
  return rubric.criteria.flatMap((criterion) => {
    if (criterion.about !== about) return [];
    const given = mine.criteria.findIndex((theirs) => sameCriterion(theirs, criterion));
    const summary = team?.criteria.find((figures) => sameCriterion(figures.criterion, criterion));
    return [{ name: criterion.name, mine: mine.scores[given] ?? null, team: summary ?? null }];
  });
}

/**
 * The reviewer's recommendation for a compared candidate and the team's: what it sums up to
 * (`TEAM_VERDICT_RULE`) and its counts, strongest yes first ("Split (Yes 1, No 1)"); what to do
 * first when they have not rated.
 */
export function comparedRecommendation(ratings: CandidateRatings): { mine: string; team: string | null } {
  const { rubric, mine, team } = ratings;
  if (rubric.version === null) return { mine: 'No rubric yet', team: null };
  if (!mine) return { mine: 'Not rated by you yet', team: null };
  const counts = recommendationCounts((team?.ratings ?? []).map((rating) => rating.recommendation));
  const verdict = teamVerdict(counts);
  return {
    mine: RECOMMENDATION_NAMES[mine.recommendation],
    team: verdict && `${TEAM_VERDICT_NAMES[verdict]} (${recommendationCountsText(counts)})`,
  };
}
