import { describe, expect, it } from 'vitest';
import { dateInputValue, defaultExpiryDay, endOfDay, expiryProblem } from './expiry.ts';

describe('invitation expiry days', () => {
  it('run to the end of the chosen day in the reviewer’s time zone', () => {
    const end = new Date(endOfDay('2026-03-12') ?? '');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 2, 12, 23, 59,
    ]);
    expect(dateInputValue(end)).toBe('2026-03-12');
  });

  it('refuse what is not a calendar day', () => {
    expect(endOfDay('')).toBeNull();
    expect(endOfDay('2026-02-30')).toBeNull();
    expect(endOfDay('12/03/2026')).toBeNull();
  });

  it('default to two weeks ahead', () => {
    expect(defaultExpiryDay(new Date(2026, 2, 12, 9).getTime())).toBe('2026-03-26');
  });

  it('refuse a day already over, and take today', () => {
    const now = new Date(2026, 2, 12, 9).getTime();
    expect(expiryProblem('2026-03-11', now)).toBe('The last day cannot be in the past.');
    expect(expiryProblem('2026-03-12', now)).toBeNull();
    expect(expiryProblem('', now)).toBe('Choose the last day the link works.');
  });
});
