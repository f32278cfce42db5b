import { FUNNEL_STEPS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { funnelSteps, shownCount, shownFigure, shownShare } from './insights.ts';

describe('the small-cell rule of the Insights', () => {
  it('shows a count of 5 or more, and a figure of 5 candidates or more', () => {
    expect([0, 4, 5, 120].map(shownCount)).toEqual([null, null, 5, 120]);
    expect(shownFigure(4, 60_000)).toBeNull();
    expect(shownFigure(5, 60_000)).toBe(60_000);
  });

  it('shows a share only where neither its part nor what is left of the whole is under 5', () => {
    expect(shownShare(5, 20)).toBe(0.25);
    expect(shownShare(4, 20)).toBeNull();
    expect(shownShare(16, 20)).toBeNull();
    expect(shownShare(20, 20)).toBeNull();
    expect(shownShare(5, 9)).toBeNull();
  });

  it('shows a drop-off only beside the two counts it is the difference of', () => {
    const counts = {
      invited: 40,
      opened: 30,
      registered: 27,
      'quiz-started': 4,
      'quiz-finished': 3,
      video: 0,
      feedback: 0,
      finished: 0,
    };
    expect(funnelSteps(FUNNEL_STEPS, counts)).toEqual([
      { step: 'invited', count: 40, dropOff: null },
      { step: 'opened', count: 30, dropOff: 10 },
      { step: 'registered', count: 27, dropOff: null },
      { step: 'quiz-started', count: null, dropOff: null },
      { step: 'quiz-finished', count: null, dropOff: null },
      { step: 'video', count: null, dropOff: null },
      { step: 'feedback', count: null, dropOff: null },
      { step: 'finished', count: null, dropOff: null },
    ]);
  });
});
