import { describe, expect, it } from 'vitest';
import { describeExtraTime } from './extra-time.ts';

describe('describeExtraTime', () => {
  it('names the extra time and the quiz time limit it makes, in whole minutes', () => {
    expect(describeExtraTime({ timeLimitInMinute: 15 }, 50)).toBe('+50 % (quiz time limit 23 mins instead of 15)');
    expect(describeExtraTime({ timeLimitInMinute: 20 }, 25)).toBe('+25 % (quiz time limit 25 mins instead of 20)');
    expect(describeExtraTime({ timeLimitInMinute: 15 }, 100)).toBe('+100 % (quiz time limit 30 mins instead of 15)');
  });

  it('says nothing without extra time', () => {
    expect(describeExtraTime({ timeLimitInMinute: 15 }, 0)).toBeNull();
  });
});
