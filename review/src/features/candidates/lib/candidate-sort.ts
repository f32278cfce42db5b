import {
  CANDIDATE_SEARCH_MAX,
  CANDIDATE_SORTS,
  type CandidateSort,
  SHOWN_STAGES,
  type ShownStage,
  SILENT_CANDIDATES,
  type SilentCandidates,
  TEAM_VERDICTS,
  type TeamVerdict,
} from '@assessment/core';

export type SortOrder = 'asc' | 'desc';

export interface CandidateListQuery {
  sort: CandidateSort;
  order: SortOrder;
  /** Candidates per page. */
  size: number;
  /** Where this page starts (the API's cursor), or null for the first page. */
  cursor: string | null;
  /** Only the candidates shown at this stage, or null for all. */
  stage: ShownStage | null;
  /** Those who registered and sent nothing since: left out (the default), listed too, or alone. */
  silent: SilentCandidates;
  /** Only those whose team recommendation is this (among those the reviewer rated), or null for all. */
  recommendation: TeamVerdict | null;
  /** Only those whose name or email holds this text; '' for all. */
  search: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_SIZE = 25;

/** Newest first by default; names A to Z; the most signals first, where a human look is most needed. */
const FIRST_ORDER: Record<CandidateSort, SortOrder> = {
  startedAt: 'desc',
  name: 'asc',
  status: 'asc',
  signals: 'desc',
  score: 'desc',
};

const isSort = (value: string | null): value is CandidateSort =>
  value !== null && (CANDIDATE_SORTS as readonly string[]).includes(value);

/** The list's state from the page address; anything unknown falls back to the default. */
export function readListQuery(params: URLSearchParams): CandidateListQuery {
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'startedAt';
  const orderParam = params.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : FIRST_ORDER[sort];
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const stage = SHOWN_STAGES.find((known) => known === params.get('stage')) ?? null;
  const silent = SILENT_CANDIDATES.find((known) => known === params.get('silent')) ?? 'hide';
  const recommendation = TEAM_VERDICTS.find((known) => known === params.get('recommendation')) ?? null;
  const search = (params.get('q') ?? '').trim().slice(0, CANDIDATE_SEARCH_MAX);
  return { sort, order, size, cursor: params.get('cursor') || null, stage, silent, recommendation, search };
}

/** The page address for a list state; defaults are left out so plain links stay plain. */
export function writeListQuery(query: CandidateListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== 'startedAt') params.set('sort', query.sort);
  if (query.order !== FIRST_ORDER[query.sort]) params.set('order', query.order);
  if (query.size !== DEFAULT_SIZE) params.set('size', String(query.size));
  if (query.stage) params.set('stage', query.stage);
  if (query.silent !== 'hide') params.set('silent', query.silent);
  if (query.recommendation) params.set('recommendation', query.recommendation);
  if (query.search) params.set('q', query.search);
  if (query.cursor) params.set('cursor', query.cursor);
  return params;
}

/**
 * The list's order and filter as the API reads them (`candidatesQuerySchema`), its page aside: what
 * a page of the list is cut from, and what the candidate page's Previous and Next walk through.
 */
export function listApiParams(query: CandidateListQuery): URLSearchParams {
  const params = new URLSearchParams({ sort: query.sort, order: query.order });
  if (query.stage) params.set('stage', query.stage);
  if (query.silent !== 'hide') params.set('silent', query.silent);
  if (query.recommendation) params.set('recommendation', query.recommendation);
  if (query.search) params.set('search', query.search);
  return params;
}

/** Clicking a column: the same column flips its order; another starts in its natural order. Back to page one. */
export function sortBy(query: CandidateListQuery, sort: CandidateSort): CandidateListQuery {
  const order = query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[sort];
  return { ...query, sort, order, cursor: null };
}

/** The `aria-sort` of a column header. */
export function ariaSort(query: CandidateListQuery, sort: CandidateSort): 'ascending' | 'descending' | 'none' {
  if (query.sort !== sort) return 'none';
  return query.order === 'asc' ? 'ascending' : 'descending';
}
