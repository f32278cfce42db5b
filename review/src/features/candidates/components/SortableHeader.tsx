import type { CandidateSort } from '@assessment/core';
import type { ReactNode } from 'react';
import { ariaSort, type CandidateListQuery } from '../lib/candidate-sort.ts';

/** A column header that sorts the list; its button says the order a click will give. */
export function SortableHeader({
  sort,
  query,
  onSort,
  children,
}: {
  sort: CandidateSort;
  query: CandidateListQuery;
  onSort: (sort: CandidateSort) => void;
  children: ReactNode;
}) {
  const state = ariaSort(query, sort);
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" className="sort-button" onClick={() => onSort(sort)}>
        {children}
        <span aria-hidden="true" className="sort-mark">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
