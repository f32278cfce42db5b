import { describe, expect, it } from 'vitest';
import { parseRetentionDays } from './retention.ts';

describe('parseRetentionDays', () => {
  it('takes a whole number of days within the limits', () => {
    expect(parseRetentionDays(' 30 ')).toEqual({ days: 30 });
    expect(parseRetentionDays('7')).toEqual({ days: 7 });
    expect(parseRetentionDays('3650')).toEqual({ days: 3650 });
  });

  it('says what is wrong with anything else', () => {
    const problem = 'Enter a whole number of days from 7 to 3650.';
    for (const typed of ['', '6', '3651', '30.5', 'thirty', '-30']) {
      expect(parseRetentionDays(typed), typed).toEqual({ problem });
    }
  });
});
