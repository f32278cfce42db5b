import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '@assessment/core';

/** The days typed in the retention field, or what is wrong with them, in words for the admin. */
export function parseRetentionDays(typed: string): { days: number } | { problem: string } {
  const text = typed.trim();
  const days = Number(text);
  if (text === '' || !Number.isInteger(days) || days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS) {
    return { problem: `Enter a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.` };
  }
  return { days };
}
