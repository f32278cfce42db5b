import { CANDIDATE_STAGES, type CandidateStage, STAGE_NAMES } from '@assessment/core';
import { useId } from 'react';

/** Shows only the candidates at one stage, or all of them. */
export function StageFilter({
  stage,
  onChange,
}: {
  stage: CandidateStage | null;
  onChange: (stage: CandidateStage | null) => void;
}) {
  const id = useId();
  return (
    <p className="list-filter">
      <label htmlFor={id}>Show</label>{' '}
      <select
        id={id}
        value={stage ?? ''}
        onChange={(event) => onChange(CANDIDATE_STAGES.find((known) => known === event.target.value) ?? null)}
      >
        <option value="">All stages</option>
        {CANDIDATE_STAGES.map((option) => (
          <option key={option} value={option}>
            Stage: {STAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </p>
  );
}
