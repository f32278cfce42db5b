import { DEFAULT_INVITATION_VALID_DAYS } from '@assessment/core';

/**
 * Expiry dates as a reviewer picks them: a calendar day in their own time zone, valid to the end of
 * that day. `<input type="date">` speaks `YYYY-MM-DD`; the API speaks ISO instants.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of an instant, as `<input type="date">` wants it. */
export function dateInputValue(instant: number | string | Date): string {
  const date = new Date(instant);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last millisecond of a local calendar day, as an ISO instant; null for a value that is no day. */
export function endOfDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  if (end.getMonth() !== month - 1 || end.getDate() !== date) return null;
  return end.toISOString();
}

/** The day a new invitation expires by default. */
export function defaultExpiryDay(now: number): string {
  const later = new Date(now);
  later.setDate(later.getDate() + DEFAULT_INVITATION_VALID_DAYS);
  return dateInputValue(later);
}

/** Why an expiry day cannot be saved, or null when it can. */
export function expiryProblem(day: string, now: number): string | null {
  const end = endOfDay(day);
  if (!end) return 'Choose the last day the link works.';
  if (Date.parse(end) <= now) return 'The last day cannot be in the past.';
  return null;
}
