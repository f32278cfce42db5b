import type { CandidateListQuery } from './candidate-sort.ts';

/** Where the list is: the address's query, and the cursors of the pages before it, the nearest last. */
export interface ListPlace {
  query: CandidateListQuery;
  before: (string | null)[];
}

/** A page of candidates as it came: the address it answers, its number, and where the next one starts. */
interface AnsweredPage {
  asked: string;
  number: number | null;
  next: string | null;
}

/**
 * The number of the page at `place`: one more than the pages walked through to it from the first,
 * whose cursor (none) starts every walk. A page opened from an address alone (shared, or typed)
 * has no walk behind it, nor has any page reached from it: their numbers are not known (null), and
 * calling one "Page 1" would be wrong.
 */
export function pageNumberOf({ query, before }: ListPlace): number | null {
  if (query.cursor === null) return 1;
  return before[0] === null ? before.length + 1 : null;
}

/**
 * What the page controls tell: the page whose rows are on screen, and the page on its way, if
 * any; a number is null where it is not known (`pageNumberOf`).
 */
export interface PageShown {
  number: number | null;
  coming: { number: number | null } | null;
}

/**
 * The page number goes with the rows on screen, not with the address: "Next page" changes the
 * address at once, but the list keeps the page it left on screen until the next one comes, and a
 * reviewer told "Page 2" then would read page 1's rows as page 2's. Before any page has come,
 * the number is the one asked for.
 */
export function pageShown(
  place: ListPlace,
  asking: string,
  shown: AnsweredPage | undefined,
  loading: boolean,
): PageShown {
  if (!shown) return { number: pageNumberOf(place), coming: null };
  return { number: shown.number, coming: loading && shown.asked !== asking ? { number: pageNumberOf(place) } : null };
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

/**
 * The page before the one shown, from the cursors kept; none on the first page. From a page opened
 * without its walk (`leadsToFirst`), the first page: the one before it is not known.
 */
export function previousPlace({ query, before }: ListPlace): ListPlace | null {
  if (query.cursor === null) return null;
  return { query: { ...query, cursor: before.at(-1) ?? null }, before: before.slice(0, -1) };
}

/** Whether "Previous page" would go to the first page past unknown pages: from a page opened without its walk. */
export function leadsToFirst({ query, before }: ListPlace): boolean {
  return query.cursor !== null && before.length === 0;
}
