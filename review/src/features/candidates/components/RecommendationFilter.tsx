import { TEAM_VERDICT_NAMES, TEAM_VERDICT_RULE, TEAM_VERDICTS, type TeamVerdict } from '@assessment/core';
import { useId } from 'react';

/**
 * Shows only the candidates whose team recommendation is one word (`TEAM_VERDICT_RULE`), among
 * those the reviewer has rated; the rule is said beside it, for the eye and with the select.
 */
export function RecommendationFilter({
  recommendation,
  onChange,
}: {
  recommendation: TeamVerdict | null;
  onChange: (recommendation: TeamVerdict | null) => void;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <p>
        <label htmlFor={id}>Team recommends</label>{' '}
        <select
          id={id}
          value={recommendation ?? ''}
          aria-describedby={`${id}-rule`}
          onChange={(event) => onChange(TEAM_VERDICTS.find((known) => known === event.target.value) ?? null)}
        >
          <option value="">Any, or not rated by you</option>
          {TEAM_VERDICTS.map((option) => (
            <option key={option} value={option}>
              {TEAM_VERDICT_NAMES[option]}
            </option>
          ))}
        </select>
      </p>
      <p id={`${id}-rule`} className="field-hint">
        {TEAM_VERDICT_RULE} Only candidates you have rated are counted; the Team rating column shows the counts.
      </p>
    </div>
  );
}
