import { MINUTE_MS } from '@assessment/core';

/** How the quiz shows and announces the time left, which `@assessment/core` works out (quiz-clock.ts). */

/** `mm:ss`, rounded up: the clock shows 00:00 only when the time is really over. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Spoken form for screen readers, e.g. `14 minutes 5 seconds left`. */
export function describeRemaining(ms: number): string {
  const totalSeconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '',
    seconds > 0 || minutes === 0 ? `${seconds} second${seconds === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return `${parts.join(' ')} left`;
}

/** Moments worth announcing to a screen reader, as minutes left. */
export const ANNOUNCED_MINUTES = [5, 1] as const;

/** The announcement due when the time left crosses one of ANNOUNCED_MINUTES, else undefined. */
export function crossedWarning(previousMs: number, currentMs: number): number | undefined {
  return ANNOUNCED_MINUTES.find((minutes) => previousMs > minutes * MINUTE_MS && currentMs <= minutes * MINUTE_MS);
}
