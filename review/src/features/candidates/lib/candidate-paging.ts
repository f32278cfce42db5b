import type { CandidateListQuery } from './candidate-sort.ts';

/** Where the list is: the address's query, and the cursors of the pages before it, the nearest last. */
export interface ListPlace {
  query: CandidateListQuery;
  before: (string | null)[];
}

/** A page of candidates as it came: the address it answers, its number, and where the next one starts. */
interface AnsweredPage {
  asked: string;
  number: number;
  next: string | null;
}

/** The number of the page at `place`: one more than the pages walked through to it. */
export function pageNumberOf({ before }: ListPlace): number {
  return before.length + 1;
}

/** What the page controls tell: the page whose rows are on screen, and the page on its way, if any. */
export interface PageShown {
  number: number;
  coming: number | null;
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
  return { number: shown.number, coming: loading && shown.asked !== asking ? pageNumberOf(place) : null };
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
