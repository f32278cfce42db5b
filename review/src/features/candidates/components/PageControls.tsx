import { useId } from 'react';
import type { PageShown } from '../lib/candidate-paging.ts';
import { PAGE_SIZES } from '../lib/candidate-sort.ts';

/** Previous and next page, and how many rows a page holds. */
export function PageControls({
  shown,
  size,
  onSize,
  previousPage,
  toFirst,
  nextPage,
}: {
  shown: PageShown;
  size: number;
  onSize: (size: number) => void;
  previousPage: (() => void) | null;
  /** "Previous page" goes to the first page: the one before is not known. */
  toFirst: boolean;
  nextPage: (() => void) | null;
}) {
  const id = useId();
  return (
    <nav className="page-controls" aria-label="Candidate pages">
      {/* aria-disabled, not disabled: the first or last page reached, or the next page on its way,
          would disable the button just pressed, and drop the keyboard focus to the page. A press
          then does nothing. */}
      <button type="button" className="button" aria-disabled={!previousPage} onClick={() => previousPage?.()}>
        {toFirst ? 'First page' : 'Previous page'}
      </button>
      <PageStatus shown={shown} />
      <button
        type="button"
        className="button"
        aria-disabled={!nextPage}
        aria-busy={shown.coming !== null}
        onClick={() => nextPage?.()}
      >
        Next page
      </button>
      <label htmlFor={`${id}-size`}>Per page</label>
      <select
        id={`${id}-size`}
        className="page-size"
        value={size}
        onChange={(event) => onSize(Number(event.target.value))}
      >
        {PAGE_SIZES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </nav>
  );
}

/**
 * The page whose rows are shown, and the one on its way, said as it changes. A status of its own
 * and outside any busy region: a screen reader may hold back what changes in a busy one until the
 * load ends, and the reviewer would not hear that the page they asked for is coming.
 */
function PageStatus({ shown }: { shown: PageShown }) {
  const page = shown.number === null ? 'A page after the first' : `Page ${shown.number}`;
  return (
    <span role="status" className="page-status">
      {shown.coming === null ? (
        page
      ) : (
        <>
          <span className="spinner" aria-hidden="true" />
          {`${page}, loading ${shown.coming.number === null ? 'another page' : `page ${shown.coming.number}`}…`}
        </>
      )}
    </span>
  );
}
