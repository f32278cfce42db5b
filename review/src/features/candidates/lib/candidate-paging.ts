import type { CandidateListQuery } from './candidate-sort.ts';

/** Where the list is: the address's query, and the cursors of the pages before it, the nearest last. */
export interface ListPlace {
  query: CandidateListQuery;
  before: (string | null)[];
}

/** A page of candidates as it came: where the next one starts, and the address it answers. */
interface AnsweredPage {
  asked: string;
  next: string | null;
}

/**
 * The page after the one shown, or none. Only from the page the address asks for (`asking`): the
 * list keeps the page it left on screen while the next loads, and after that load failed. That
 * page's cursor leads to the page already asked for, which "Previous page" would then find twice
 * in the history it walks back.
 */
export function nextPlace(
  { query, before }: ListPlace,
  asking: string,
  shown: AnsweredPage | undefined,
): ListPlace | null {
  if (shown?.asked !== asking || !shown.next) return null;
  return { query: { ...query, cursor: shown.next }, before: [...before, query.cursor] };
}

/** The page before the one shown, from the cursors kept; none on the first page. */
export function previousPlace({ query, before }: ListPlace): ListPlace | null {
  if (query.cursor === null) return null;
  return { query: { ...query, cursor: before.at(-1) ?? null }, before: before.slice(0, -1) };
}
