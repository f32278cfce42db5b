import { formatClockTime, type TimeFormat } from './time.ts';

/**
 * What a load problem says once "Try again" has been pressed: without it, a retry that fails in
 * the same words leaves the problem as it was, and neither the eye nor a screen reader (the
 * problem is an alert, read again when its words change) can tell that anything was tried.
 */
export function retryNote(tries: number, lastAt: number, format: TimeFormat = {}): string {
  const at = formatClockTime(lastAt, format);
  return tries === 1 ? `Tried again at ${at}.` : `Tried again ${tries} times, last at ${at}.`;
}
