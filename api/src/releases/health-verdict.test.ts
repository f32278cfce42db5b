import { describe, expect, it } from 'vitest';
import { healthOf, healthVerdict } from './health-verdict.ts';

const rule = { minLoads: 50, marginPoints: 10 };

describe('healthVerdict', () => {
  it('waits for the minimum of loads, however bad the rate', () => {
    const candidate = healthOf(
      [
        { releaseId: 'c', kind: 'load', count: 40 },
        { releaseId: 'c', kind: 'render', count: 40 },
      ],
      'c',
    );
    expect(healthVerdict(candidate, { loads: 500, failures: 0, rate: 0 }, rule).rollBack).toBe(false);
  });

  it('judges a version, for a rollback or a next stage, from its minimum of loads on', () => {
    const live = { loads: 500, failures: 0, rate: 0 };
    expect(healthVerdict({ loads: 49, failures: 0, rate: 0 }, live, rule).judged).toBe(false);
    expect(healthVerdict({ loads: 50, failures: 0, rate: 0 }, live, rule)).toMatchObject({
      judged: true,
      rollBack: false,
    });
  });

  it('rolls back past the margin above the live rate, and not within it', () => {
    const live = { loads: 1000, failures: 50, rate: 0.05 };
    expect(healthVerdict({ loads: 60, failures: 9, rate: 0.15 }, live, rule).rollBack).toBe(false);
    const verdict = healthVerdict({ loads: 60, failures: 10, rate: 10 / 60 }, live, rule);
    expect(verdict.rollBack).toBe(true);
    expect(verdict.figures).toContain('10 failures in 60 loads (16.7%) against 50 in 1000 (5.0%)');
  });

  it('counts a failed load as a load tried, and every other kind as a failure', () => {
    expect(
      healthOf(
        [
          { releaseId: 'c', kind: 'load', count: 8 },
          { releaseId: 'c', kind: 'load-failure', count: 2 },
          { releaseId: 'c', kind: 'contract', count: 1 },
          { releaseId: 'c', kind: 'unhandled', count: 1 },
          { releaseId: 'other', kind: 'render', count: 5 },
        ],
        'c',
      ),
    ).toEqual({ loads: 10, failures: 4, rate: 0.4 });
  });
});
