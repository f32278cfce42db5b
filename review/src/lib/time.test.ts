import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatDuration, formatElapsed, formatMonth, isoOf } from './time.ts';

const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('review page times', () => {
  it('write a server time as a date and a time in the given zone', () => {
    expect(formatDateTime('2026-03-12T14:05:09.000Z', utc)).toBe('12 Mar 2026, 14:05');
    expect(formatDateTime('2026-03-12T14:05:09.000Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe(
      '12 Mar 2026, 23:05',
    );
  });

  it('write a month of registration in words, the same in every zone', () => {
    expect(formatMonth('2026-11', { locale: 'en-GB' })).toBe('November 2026');
    expect(formatMonth('2027-01', { locale: 'en-US' })).toBe('January 2027');
    expect(formatMonth('not a month', { locale: 'en-GB' })).toBe('not a month');
  });

  it('write a browser time (ms) to the second', () => {
    expect(formatClockTime(Date.UTC(2026, 2, 12, 14, 5, 9), utc)).toBe('14:05:09');
  });

  it('show a dash, never "Invalid Date", for a missing or broken time', () => {
    for (const missing of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(missing, utc)).toBe('—');
      expect(formatClockTime(missing, utc)).toBe('—');
      expect(isoOf(missing)).toBeUndefined();
    }
  });

  it('count minutes and seconds since the start, past an hour too', () => {
    const start = Date.UTC(2026, 2, 12, 14, 0, 0);
    expect(formatElapsed(start + 249_000, start)).toBe('4:09');
    expect(formatElapsed(start + 72 * 60_000, start)).toBe('72:00');
    expect(formatElapsed(start - 5_000, start)).toBe('−0:05');
  });

  it('write a video length as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
