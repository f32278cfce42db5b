/**
 * The quiz clock. The time left is always worked out from the wall clock and the stored start,
 * never counted down tick by tick, so a throttled background tab, a sleeping laptop or a reload can
 * neither pause it nor make it drift.
 */

export const MINUTE_MS = 60_000;

export function deadlineOf(startTime: number, timeLimitInMinute: number): number {
  return startTime + timeLimitInMinute * MINUTE_MS;
}

/**
 * Time left at `now`, between zero and the whole limit: a clock set back before the start
 * cannot hand out more time than the test allows.
 */
export function remainingMs(deadline: number, timeLimitInMinute: number, now: number): number {
  return Math.max(0, Math.min(timeLimitInMinute * MINUTE_MS, deadline - now));
}

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
