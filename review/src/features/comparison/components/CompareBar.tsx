import { Link } from 'react-router-dom';
import { comparePath, MAX_COMPARED, MIN_COMPARED } from '../lib/compare-selection.ts';

/** How many candidates are selected in the list, and the way to compare them once they are 2 to 4. */
export function CompareBar({ testId, chosen }: { testId: string; chosen: readonly string[] }) {
  const fits = chosen.length >= MIN_COMPARED && chosen.length <= MAX_COMPARED;
  return (
    <div className="compare-bar">
      <p aria-live="polite">
        {chosen.length === 0
          ? `Select candidates to compare ${MIN_COMPARED} to ${MAX_COMPARED} of them side by side, or to move them to a stage.`
          : `${chosen.length} ${chosen.length === 1 ? 'candidate' : 'candidates'} selected.${
              chosen.length > MAX_COMPARED ? ` Compare at most ${MAX_COMPARED} side by side.` : ''
            }`}
      </p>
      {fits && (
        <Link className="button button-primary" to={comparePath(testId, chosen)}>
          Compare {chosen.length} candidates
        </Link>
      )}
    </div>
  );
}
