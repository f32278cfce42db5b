import { describe, expect, it } from 'vitest';
import { MAX_EXTRA_TIME_PERCENT, quizTimeLimitMinutes } from './quiz-time.ts';

describe('quizTimeLimitMinutes', () => {
  it('gives at least the extra time granted, whatever the percent', () => {
    for (const timeLimitInMinute of [15, 20]) {
      for (let percent = 0; percent <= MAX_EXTRA_TIME_PERCENT; percent += 1) {
        const granted = (timeLimitInMinute * (100 + percent)) / 100;
        const limit = quizTimeLimitMinutes({ timeLimitInMinute }, percent);
        expect(limit, `${timeLimitInMinute} min +${percent} %`).toBeGreaterThanOrEqual(granted);
        expect(limit - granted).toBeLessThan(1);
      }
    }
  });

  it('gives a small grant a whole minute more rather than nothing', () => {
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 }, 1)).toBe(16);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 20 }, 2)).toBe(21);
  });
});
