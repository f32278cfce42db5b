import {
  type CandidateRatings,
  type RatingView,
  RECOMMENDATION_NAMES,
  recommendationCounts,
  recommendationCountsText,
  TEAM_VERDICT_NAMES,
  TEAM_VERDICT_RULE,
  teamVerdict,
} from '@assessment/core';
import { useId } from 'react';
import { When } from '../../../components/When.tsx';
import { aboutName } from '../lib/criteria.ts';

type Team = NonNullable<CandidateRatings['team']>;

/** One reviewer's scores, each named by the criterion of the version they rated under. */
const scoresText = (rating: RatingView) =>
  rating.criteria.map((criterion, index) => `${criterion.name} ${rating.scores[index] ?? 'none'}`).join(', ');

/**
 * The team's ratings: each criterion's mean and spread over every rating that has it, whatever
 * rubric version it was given under (the server matches a criterion a later version kept as it
 * was), those two points apart or more marked for discussion; then each reviewer's
 * recommendation, the version they rated under and their scores by name.
 */
export function TeamRatings({ team, version }: { team: Team; version: number | null }) {
  const id = useId();
  const counts = recommendationCounts(team.ratings.map((rating) => rating.recommendation));
  const verdict = teamVerdict(counts);
  const older = team.ratings.some((rating) => rating.rubricVersion !== version);
  return (
    <div className="team-ratings">
      <h3 id={`${id}-title`}>The team's ratings</h3>
      {older && (
        <p className="field-hint">
          Some ratings were given under another version of the rubric: each criterion counts the ratings whose version
          asked it the same way (its name, what it is about and its anchors).
        </p>
      )}
      <table aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">Criterion</th>
            <th scope="col">Mean</th>
            <th scope="col">Spread</th>
            <th scope="col">Ratings</th>
            <th scope="col">For discussion</th>
          </tr>
        </thead>
        <tbody>
          {team.criteria.map((summary, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two versions may name different criteria alike; their place is their identity
            <tr key={index}>
              <th scope="row">
                {summary.criterion.name} ({aboutName(summary.criterion.about)})
              </th>
              <td>{summary.count > 0 ? summary.mean.toFixed(1) : 'None yet'}</td>
              <td>{summary.spread}</td>
              <td>{summary.count}</td>
              <td>{summary.discuss ? 'Discuss: 2 points or more apart' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {verdict && (
        <p>
          The team recommends: {TEAM_VERDICT_NAMES[verdict]} ({recommendationCountsText(counts)}).{' '}
          <span className="field-hint">{TEAM_VERDICT_RULE}</span>
        </p>
      )}
      <ul className="team-recommendations" aria-label="Each reviewer's recommendation">
        {team.ratings.map((rating) => (
          <li key={rating.by}>
            {rating.by}: {RECOMMENDATION_NAMES[rating.recommendation]}, rubric version {rating.rubricVersion} (
            {scoresText(rating)}), <When at={rating.at} />
          </li>
        ))}
      </ul>
    </div>
  );
}
