import { MONTH_COUNTED_WITHIN_DAYS } from '@assessment/core';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The month (UTC) a candidate registered in at `at`, as `2026-11`: the group of the report that counts them. */
export function registeredMonth(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** When a month (as `registeredMonth` gives it) has ended: the first instant of the next, UTC. */
export function monthEnd(month: string): number {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year ?? Number.NaN, index ?? Number.NaN, 1);
}

/** When a month is counted at the latest, whether or not each of its candidates has a decision. */
export function monthCountedBy(month: string): number {
  return monthEnd(month) + MONTH_COUNTED_WITHIN_DAYS * DAY_MS;
}

/**
 * Whether a month may be counted now: it has ended, and every candidate of it has a decision, or
 * the latest day has come. Neither depends on any candidate's answer, so when it is counted tells
 * nobody anything.
 */
export function monthIsDue(month: string, undecided: number, now: number): boolean {
  return now >= monthEnd(month) && (undecided === 0 || now >= monthCountedBy(month));
}
