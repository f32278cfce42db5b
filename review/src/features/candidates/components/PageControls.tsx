import { useId } from 'react';
import { PAGE_SIZES } from '../lib/candidate-sort.ts';

/** Previous and next page, and how many rows a page holds. */
export function PageControls({
  pageNumber,
  size,
  onSize,
  previousPage,
  nextPage,
}: {
  pageNumber: number;
  size: number;
  onSize: (size: number) => void;
  previousPage: (() => void) | null;
  nextPage: (() => void) | null;
}) {
  const id = useId();
  return (
    <nav className="page-controls" aria-label="Candidate pages">
      {/* aria-disabled, not disabled: the first or last page reached, or the next page on its way,
          would disable the button just pressed, and drop the keyboard focus to the page. A press
          then does nothing. */}
      <button type="button" className="button" aria-disabled={!previousPage} onClick={() => previousPage?.()}>
        Previous page
      </button>
      <span aria-live="polite">Page {pageNumber}</span>
      <button type="button" className="button" aria-disabled={!nextPage} onClick={() => nextPage?.()}>
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
