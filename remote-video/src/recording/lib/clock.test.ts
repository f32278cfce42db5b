import { describe, expect, it } from 'vitest';
import { formatClock, recordLimitMinutes } from './clock.ts';

describe('formatClock', () => {
  it('shows whole seconds as mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3_999)).toBe('00:03');
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(600_000)).toBe('10:00');
  });

  it('never shows a negative time', () => {
    expect(formatClock(-20)).toBe('00:00');
  });
});

describe('recordLimitMinutes', () => {
  it('is the catalogue seconds over 60', () => {
    expect(recordLimitMinutes(300)).toBe(5);
    expect(recordLimitMinutes(600)).toBe(10);
    expect(recordLimitMinutes(90)).toBe(1.5);
  });
});
