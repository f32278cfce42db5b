import { deadlineOf, MINUTE_MS, remainingMs } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { crossedWarning, describeRemaining, formatClock } from './countdown.ts';

const START = Date.UTC(2025, 0, 1, 9, 0, 0);
const LIMIT = 15;

describe('quiz countdown', () => {
  const deadline = deadlineOf(START, LIMIT);

  it('ends the time limit after the stored start', () => {
    expect(deadline - START).toBe(15 * MINUTE_MS);
    expect(remainingMs(deadline, LIMIT, START)).toBe(15 * MINUTE_MS);
    expect(remainingMs(deadline, LIMIT, START + 10 * MINUTE_MS + 30_000)).toBe(4 * MINUTE_MS + 30_000);
    expect(remainingMs(deadline, LIMIT, deadline)).toBe(0);
  });

  it('follows the clock, not the ticks: a tab asleep for 7 minutes wakes up 7 minutes later', () => {
    const beforeSleep = remainingMs(deadline, LIMIT, START + MINUTE_MS);
    const afterSleep = remainingMs(deadline, LIMIT, START + 8 * MINUTE_MS);
    expect(beforeSleep - afterSleep).toBe(7 * MINUTE_MS);
  });

  it('a reload reads the same time left from the same start', () => {
    const now = START + 5 * MINUTE_MS + 1234;
    expect(remainingMs(deadlineOf(START, LIMIT), LIMIT, now)).toBe(remainingMs(deadline, LIMIT, now));
  });

  it('a clock jump forward past the limit leaves no time, never a negative one', () => {
    expect(remainingMs(deadline, LIMIT, START + 60 * MINUTE_MS)).toBe(0);
  });

  it('a clock set back before the start gives no more than the whole limit', () => {
    expect(remainingMs(deadline, LIMIT, START - 60 * MINUTE_MS)).toBe(15 * MINUTE_MS);
  });

  it('shows minutes and seconds, rounded up so 00:00 means the time is over', () => {
    expect(formatClock(15 * MINUTE_MS)).toBe('15:00');
    expect(formatClock(61_000)).toBe('01:01');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(500)).toBe('00:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5000)).toBe('00:00');
  });

  it('says the time left in words for screen readers', () => {
    expect(describeRemaining(14 * MINUTE_MS + 5000)).toBe('14 minutes 5 seconds left');
    expect(describeRemaining(MINUTE_MS)).toBe('1 minute left');
    expect(describeRemaining(1000)).toBe('1 second left');
    expect(describeRemaining(0)).toBe('0 seconds left');
  });

  it('announces 5 minutes and 1 minute left once, when the time left crosses them', () => {
    expect(crossedWarning(5 * MINUTE_MS + 500, 5 * MINUTE_MS)).toBe(5);
    expect(crossedWarning(5 * MINUTE_MS, 4 * MINUTE_MS)).toBeUndefined();
    expect(crossedWarning(61_000, 59_000)).toBe(1);
    expect(crossedWarning(10 * MINUTE_MS, 30_000)).toBe(5);
  });
});
