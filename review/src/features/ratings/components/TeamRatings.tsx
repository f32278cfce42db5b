import { type CandidateRatings, type Criterion, RECOMMENDATION_NAMES } from '@assessment/core';
import { useId } from 'react';
import { When } from '../../../components/When.tsx';
import { aboutName } from '../lib/criteria.ts';

type Team = NonNullable<CandidateRatings['team']>;

/**
 * The team's ratings under the version the reviewer rated with: each criterion's mean and spread,
 * those two points apart or more marked for discussion, and each reviewer's recommendation.
 * `criteria` names the rows; null when the reviewer rated under an older version than the page's.
 */
export function TeamRatings({ team, criteria }: { team: Team; criteria: Criterion[] | null }) {
  const id = useId();
  return (
    <div className="team-ratings">
      <h3 id={`${id}-title`}>The team's ratings</h3>
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
          {team.criteria.map((summary, index) => {
            const criterion = criteria?.[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rubric version's criteria never move, so the position is their identity
              <tr key={index}>
                <th scope="row">
                  {criterion ? `${criterion.name} (${aboutName(criterion.about)})` : `Criterion ${index + 1}`}
                </th>
                <td>{summary.count > 0 ? summary.mean.toFixed(1) : 'None yet'}</td>
                <td>{summary.spread}</td>
                <td>{summary.count}</td>
                <td>{summary.discuss ? 'Discuss: 2 points or more apart' : 'No'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="team-recommendations" aria-label="Each reviewer's recommendation">
        {team.ratings.map((rating) => (
          <li key={rating.by}>
            {rating.by}: {RECOMMENDATION_NAMES[rating.recommendation]} (scores{' '}
            {rating.scores.map((score) => score ?? 'none').join(', ')}), <When at={rating.at} />
          </li>
        ))}
      </ul>
      {team.otherVersions > 0 && (
        <p className="field-hint">
          {team.otherVersions} {team.otherVersions === 1 ? 'rating was' : 'ratings were'} given under another version of
          the rubric and {team.otherVersions === 1 ? 'is' : 'are'} not counted here.
        </p>
      )}
    </div>
  );
}
