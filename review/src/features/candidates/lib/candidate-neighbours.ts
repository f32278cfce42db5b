import { listApiParams, readListQuery } from './candidate-sort.ts';

/**
 * A candidate's page, opened from the list: it carries the list's own address (`writeListQuery`),
 * so the page can walk the list in its order and filter (Previous, Next) and lead back to it.
 */
export function candidatePath(sessionId: string, listSearch: string): string {
  const path = `/candidates/${encodeURIComponent(sessionId)}`;
  return listSearch ? `${path}?${new URLSearchParams({ list: listSearch })}` : path;
}

/**
 * The list a candidate's page was opened from, from its address: the list's own address, and its
 * order and filter as the API reads them. Opened otherwise (a link, the comparison), the list as it
 * first shows: newest first.
 */
export function listOfCandidatePage(search: string): { listSearch: string; api: URLSearchParams } {
  const listSearch = new URLSearchParams(search).get('list') ?? '';
  return { listSearch, api: listApiParams(readListQuery(new URLSearchParams(listSearch))) };
}
