const DAY_MS = 86_400_000;

/** Sessions that started at `from` or later and before `before` are past their retention period. */
export interface RetentionWindow {
  from: number;
  before: number;
}

/**
 * Which sessions are due for erasure at `now`, by when they started. A candidate is told the
 * retention period in effect when they start (`periods`, each from when the company set it, oldest
 * first; `defaultDays` before the first) and is kept no longer than that, even once the company
 * has lengthened it; nor longer than the period in effect now, when the company has shortened it.
 */
export function retentionWindows(
  periods: readonly { fromAt: number; days: number }[],
  defaultDays: number,
  now: number,
): RetentionWindow[] {
  const current = periods.at(-1)?.days ?? defaultDays;
  const told = [{ fromAt: 0, days: defaultDays }, ...periods];
  return told.map((period, index) => {
    const until = told[index + 1]?.fromAt ?? Number.POSITIVE_INFINITY;
    return { from: period.fromAt, before: Math.min(until, now - Math.min(period.days, current) * DAY_MS) };
  });
}
