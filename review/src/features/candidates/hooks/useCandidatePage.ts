import type { CandidateSummary } from '@assessment/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import {
  type ListPlace,
  leadsToFirst,
  nextPlace,
  pageNumberOf,
  pageShown,
  previousPlace,
} from '../lib/candidate-paging.ts';
import { type CandidateListQuery, listApiParams, readListQuery, writeListQuery } from '../lib/candidate-sort.ts';

/** Cursors of the pages before this one, kept in the history entry so Back and "Previous page" both work. */
interface PagingState {
  before?: (string | null)[];
}

/**
 * One page of a test's candidates, as the address asks for (sort, order, page size, cursor). Paging
 * and sorting change the address, so a reviewer who opens a candidate and comes back finds the same page.
 */
export function useCandidatePage(testId: string) {
  const { calls } = useSignedIn();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = readListQuery(params);
  const before = (location.state as PagingState | null)?.before ?? [];
  const place: ListPlace = { query, before };

  const asking = `${testId}?${params}`;
  // Each page says which address it answers, and its number: the list keeps the page it left on
  // screen while the next loads, "Next page" may only go on from the page the address asks for,
  // and the number shown is that of the rows shown.
  const page = useResource(asking, async (signal) => ({
    asked: asking,
    number: pageNumberOf(place),
    ...(await calls.candidates(testId, listApiParams(query), { limit: query.size, cursor: query.cursor }, signal)),
  }));

  const go = (to: ListPlace) =>
    navigate({ search: `?${writeListQuery(to.query)}` }, { state: { before: to.before } satisfies PagingState });
  const goTo = (to: ListPlace | null) => to && (() => go(to));

  return {
    query,
    page,
    rows: page.data?.candidates ?? ([] as CandidateSummary[]),
    shown: pageShown(place, asking, page.data, page.loading),
    change: (next: CandidateListQuery) => go({ query: { ...next, cursor: null }, before: [] }),
    nextPage: goTo(nextPlace(place, asking, page.data)),
    previousPage: goTo(previousPlace(place)),
    toFirst: leadsToFirst(place),
  };
}
