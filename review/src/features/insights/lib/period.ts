import { dayStart, INSIGHTS_MAX_DAYS, insightDaySchema, isCalendarDay } from '@assessment/core';

const DAY_MS = 86_400_000;

/** The day (UTC) of an instant, as `2026-11-30`. */
export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export interface Period {
  from: string;
  to: string;
}

/** The period a look covers when the address names none: the last 30 days, today included (UTC). */
export function defaultPeriod(now: number): Period {
  return { from: dayOf(now - 29 * DAY_MS), to: dayOf(now) };
}

/** The period of the address's `from` and `to`, or the default for either that is missing or not a day. */
export function periodOf(search: URLSearchParams, now: number): Period {
  const fallback = defaultPeriod(now);
  const day = (name: 'from' | 'to') => {
    const value = search.get(name) ?? '';
    return insightDaySchema.safeParse(value).success && isCalendarDay(value) ? value : fallback[name];
  };
  return { from: day('from'), to: day('to') };
}

/** Why a period cannot be shown, in words, or null when it can. */
export function periodProblem({ from, to }: Period): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'Choose a first and a last day.';
  if (from > to) return 'The first day must not be after the last day.';
  if ((dayStart(to) - dayStart(from)) / DAY_MS >= INSIGHTS_MAX_DAYS) {
    return `Choose a period of at most ${INSIGHTS_MAX_DAYS} days.`;
  }
  return null;
}
