/** A comparison shows 2 to 4 candidates of one test side by side: more would not fit a screen. */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** The comparison's address: its candidates in the order they were chosen. */
export function comparePath(testId: string, chosen: readonly string[]): string {
  return `/tests/${encodeURIComponent(testId)}/compare?${new URLSearchParams({ ids: chosen.join(',') })}`;
}

/** The candidates an address names, or what is wrong with it, in words a reviewer reads. */
export function comparedFromSearch(search: string): { ids: string[] } | { problem: string } {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids = [...new Set(raw.split(',').filter((id) => id !== ''))];
  if (ids.length < MIN_COMPARED || ids.length > MAX_COMPARED) {
    return { problem: `Choose ${MIN_COMPARED} to ${MAX_COMPARED} candidates in the list to compare them.` };
  }
  return { ids };
}
