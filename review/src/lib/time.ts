/**
 * How the review page writes times. Server times arrive as ISO strings; the times a candidate's
 * browser recorded (pastes, tab switches, the agreed start) arrive as milliseconds since the epoch.
 * The locale and time zone default to the reviewer's own; tests pass fixed ones.
 */
export interface TimeFormat {
  locale?: string;
  timeZone?: string;
}

type Instant = string | number | null | undefined;

function toDate(instant: Instant): Date | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 Mar 2026, 14:05", or an em dash for a time that is not there. */
export function formatDateTime(instant: Instant, format: TimeFormat = {}): string {
  const date = toDate(instant);
  if (!date) return '—';
  return new Intl.DateTimeFormat(format.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: format.timeZone,
  }).format(date);
}

/**
 * A month of registration as the server names it (`2026-11`, a UTC month) in words: "November
 * 2026". It is the same month in every time zone, so it is written in UTC's.
 */
export function formatMonth(month: string, format: Pick<TimeFormat, 'locale'> = {}): string {
  const date = toDate(`${month}-01T00:00:00Z`);
  if (!date) return month;
  return new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The clock time to the second, for events minutes apart: "14:05:09". */
export function formatClockTime(instant: Instant, format: TimeFormat = {}): string {
  const date = toDate(instant);
  if (!date) return '—';
  return new Intl.DateTimeFormat(format.locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: format.timeZone,
  }).format(date);
}

/** A machine-readable form for `<time dateTime>`, or undefined when there is no time. */
export function isoOf(instant: Instant): string | undefined {
  return toDate(instant)?.toISOString();
}

/** Minutes and seconds from `start` to `at` ("4:09", "72:00"); a minus sign when before the start. */
export function formatElapsed(at: number, start: number): string {
  const totalSeconds = Math.round((at - start) / 1000);
  const sign = totalSeconds < 0 ? '−' : '';
  const seconds = Math.abs(totalSeconds);
  return `${sign}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A video length as "m:ss" or "h:mm:ss". */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
