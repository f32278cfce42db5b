import { RECOMMENDATION_NAMES, RECOMMENDATIONS, type Recommendation } from '@assessment/core';
import { useId } from 'react';

/** Shows only the candidates the team recommends one way, among those the reviewer has rated. */
export function RecommendationFilter({
  recommendation,
  onChange,
}: {
  recommendation: Recommendation | null;
  onChange: (recommendation: Recommendation | null) => void;
}) {
  const id = useId();
  return (
    <p className="list-filter">
      <label htmlFor={id}>Team recommends</label>{' '}
      <select
        id={id}
        value={recommendation ?? ''}
        onChange={(event) => onChange(RECOMMENDATIONS.find((known) => known === event.target.value) ?? null)}
      >
        <option value="">Any, or not rated by you</option>
        {RECOMMENDATIONS.map((option) => (
          <option key={option} value={option}>
            {RECOMMENDATION_NAMES[option]}
          </option>
        ))}
      </select>
    </p>
  );
}
