import { describe, expect, it } from 'vitest';
import { defaultPeriod, periodOf, periodProblem } from './period.ts';

const NOW = Date.parse('2026-03-31T15:00:00Z');

describe('the period of the Insights', () => {
  it('is the last 30 days by default, and what the address says where it names days', () => {
    expect(defaultPeriod(NOW)).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(periodOf(new URLSearchParams('from=2026-01-05&to=2026-02-01'), NOW)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
    expect(periodOf(new URLSearchParams('from=2026-02-31&to=yesterday'), NOW)).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it('says why a period cannot be shown', () => {
    expect(periodProblem({ from: '2026-03-01', to: '2026-03-31' })).toBeNull();
    expect(periodProblem({ from: '2026-04-01', to: '2026-03-31' })).toBe(
      'The first day must not be after the last day.',
    );
    expect(periodProblem({ from: '2025-01-01', to: '2026-03-31' })).toBe('Choose a period of at most 366 days.');
    expect(periodProblem({ from: '', to: '2026-03-31' })).toBe('Choose a first and a last day.');
  });
});
