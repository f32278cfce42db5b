import { describe, expect, it } from 'vitest';
import type { StoredStageChange } from '../storage/decisions/decision-store.ts';
import { shownStage } from './judgement.ts';

const change = (to: StoredStageChange['to'], reviewerId: string | null): StoredStageChange => ({
  from: 'new',
  to,
  reason: null,
  actor: 'Someone',
  reviewerId,
  at: 1,
});

describe('shownStage', () => {
  const withheld = { reviewerId: 'rob', withheld: true };

  it('shows a teammate’s Advance or Decline as moved on to a reader who has not rated', () => {
    expect(shownStage('advance', [change('advance', 'ann')], withheld)).toBe('moved-on');
    expect(shownStage('decline', [change('decline', 'ann')], withheld)).toBe('moved-on');
    // A change from before accounts were kept is nobody's own.
    expect(shownStage('decline', [change('decline', null)], withheld)).toBe('moved-on');
  });

  it('shows the reader their own decision, New and Reviewing, and everything once they rated', () => {
    expect(shownStage('advance', [change('advance', 'rob')], withheld)).toBe('advance');
    expect(shownStage('reviewing', [change('reviewing', 'ann')], withheld)).toBe('reviewing');
    expect(shownStage('new', [], withheld)).toBe('new');
    expect(shownStage('decline', [change('decline', 'ann')], { reviewerId: 'rob', withheld: false })).toBe('decline');
  });
});
