/**
 * `partner_score`, the number Greenhouse shows and filters by: the team's ratings on a scale of 0
 * to 100. Each reviewer's rating has a mean of the scores they gave (1 to 5 per criterion of the
 * rubric, `ratings.mean_score`); the score is the mean of those means, with 1 as 0 and 5 as 100,
 * rounded to a whole number. Null until someone rates. DEPLOY.md ("Greenhouse") says the same.
 */
export function partnerScore(reviewerMeans: readonly number[]): number | null {
  if (reviewerMeans.length === 0) return null;
  const mean = reviewerMeans.reduce((sum, value) => sum + value, 0) / reviewerMeans.length;
  return Math.min(100, Math.max(0, Math.round(((mean - 1) / 4) * 100)));
}
