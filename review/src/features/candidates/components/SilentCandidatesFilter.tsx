import { SILENT_CANDIDATES, type SilentCandidates } from '@assessment/core';
import { useId } from 'react';

const CHOICES: Record<SilentCandidates, string> = {
  hide: 'Not listed',
  include: 'Listed with the others',
  only: 'Listed alone',
};

/**
 * Whether the list shows those who registered and sent nothing since: often no one at all (a
 * flood of registrations), so they are left out unless asked for. The server deletes them a day on.
 */
export function SilentCandidatesFilter({
  silent,
  onChange,
}: {
  silent: SilentCandidates;
  onChange: (silent: SilentCandidates) => void;
}) {
  const id = useId();
  return (
    <p className="list-filter">
      <label htmlFor={id}>Registered, nothing sent yet</label>{' '}
      <select
        id={id}
        value={silent}
        onChange={(event) => onChange(SILENT_CANDIDATES.find((known) => known === event.target.value) ?? 'hide')}
      >
        {SILENT_CANDIDATES.map((choice) => (
          <option key={choice} value={choice}>
            {CHOICES[choice]}
          </option>
        ))}
      </select>
    </p>
  );
}
