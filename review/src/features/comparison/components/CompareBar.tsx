import { Link } from 'react-router-dom';
import { comparePath, MAX_COMPARED, MIN_COMPARED } from '../lib/compare-selection.ts';

/** How many candidates are chosen for a comparison, and the way to it once there are enough. */
export function CompareBar({ testId, chosen }: { testId: string; chosen: readonly string[] }) {
  return (
    <div className="compare-bar">
      <p aria-live="polite">
        {chosen.length === 0
          ? `Tick ${MIN_COMPARED} to ${MAX_COMPARED} candidates to compare them side by side.`
          : `${chosen.length} of at most ${MAX_COMPARED} candidates chosen to compare.`}
      </p>
      {chosen.length >= MIN_COMPARED && (
        <Link className="button button-primary" to={comparePath(testId, chosen)}>
          Compare {chosen.length} candidates
        </Link>
      )}
    </div>
  );
}
