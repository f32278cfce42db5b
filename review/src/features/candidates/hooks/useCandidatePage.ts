import type { CandidateSummary } from '@assessment/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../../../api/session.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { type CandidateListQuery, readListQuery, writeListQuery } from '../lib/candidate-sort.ts';

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

  const page = useResource(`${testId}?${params}`, (signal) =>
    calls.candidates(
      testId,
      {
        sort: query.sort,
        order: query.order,
        limit: query.size,
        cursor: query.cursor,
        stage: query.stage,
        silent: query.silent,
        recommendation: query.recommendation,
      },
      signal,
    ),
  );

  const go = (next: CandidateListQuery, history: (string | null)[]) =>
    navigate({ search: `?${writeListQuery(next)}` }, { state: { before: history } satisfies PagingState });

  return {
    query,
    page,
    rows: page.data?.candidates ?? ([] as CandidateSummary[]),
    pageNumber: before.length + 1,
    change: (next: CandidateListQuery) => go({ ...next, cursor: null }, []),
    nextPage: page.data?.next
      ? () => go({ ...query, cursor: page.data?.next ?? null }, [...before, query.cursor])
      : null,
    previousPage:
      query.cursor !== null ? () => go({ ...query, cursor: before.at(-1) ?? null }, before.slice(0, -1)) : null,
  };
}
