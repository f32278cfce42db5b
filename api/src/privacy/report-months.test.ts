import { describe, expect, it } from 'vitest';
import { monthCountedBy, monthEnd, monthIsDue, registeredMonth } from './report-months.ts';

describe('the months of the gender report', () => {
  it('puts a registration in its UTC month', () => {
    expect(registeredMonth(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11');
    expect(registeredMonth(Date.UTC(2026, 11, 1))).toBe('2026-12');
    expect(registeredMonth(Date.UTC(2026, 11, 31, 23, 59))).toBe('2026-12');
  });

  it('ends a month at the first instant of the next, across a year', () => {
    expect(monthEnd('2026-11')).toBe(Date.UTC(2026, 11, 1));
    expect(monthEnd('2026-12')).toBe(Date.UTC(2027, 0, 1));
    expect(monthCountedBy('2026-12')).toBe(Date.UTC(2027, 0, 31));
  });

  it('counts a month once it has ended and each candidate has a decision, or 30 days on', () => {
    const end = Date.UTC(2026, 11, 1);
    expect(monthIsDue('2026-11', 0, end - 1)).toBe(false);
    expect(monthIsDue('2026-11', 0, end)).toBe(true);
    expect(monthIsDue('2026-11', 3, end)).toBe(false);
    expect(monthIsDue('2026-11', 3, Date.UTC(2026, 11, 30, 23, 59))).toBe(false);
    expect(monthIsDue('2026-11', 3, Date.UTC(2026, 11, 31))).toBe(true);
  });
});
