import { SHOWN_STAGE_NAMES, SHOWN_STAGES, type ShownStage } from '@assessment/core';
import { useId } from 'react';

/**
 * Shows only the candidates at one stage, as this reviewer is shown it, or all of them. "Moved on"
 * is a teammate's Advance or Decline of a candidate the reviewer has not rated yet.
 */
export function StageFilter({
  stage,
  onChange,
}: {
  stage: ShownStage | null;
  onChange: (stage: ShownStage | null) => void;
}) {
  const id = useId();
  return (
    <p className="list-filter">
      <label htmlFor={id}>Show</label>{' '}
      <select
        id={id}
        value={stage ?? ''}
        onChange={(event) => onChange(SHOWN_STAGES.find((known) => known === event.target.value) ?? null)}
      >
        <option value="">All stages</option>
        {SHOWN_STAGES.map((option) => (
          <option key={option} value={option}>
            Stage: {SHOWN_STAGE_NAMES[option]}
            {option === 'moved-on' && ' (not rated by you)'}
          </option>
        ))}
      </select>
    </p>
  );
}
