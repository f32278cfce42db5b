import { describe, expect, it } from 'vitest';
import { dateTimeWithZone, signalCounts, signalRows, unlistedSignals } from './recorded-signals.ts';

const at = new Date(2030, 0, 2, 9, 5, 7).getTime();

describe('recorded signals, as the candidate reads them', () => {
  it('names each signal, its question and its local time, with the date and the time zone', () => {
    const time = dateTimeWithZone(at);
    expect(time).toContain('2030');
    expect(time).toContain('09:05:07');
    // The zone's name ends it (UTC, CET, GMT+1…), whatever the browser's language.
    expect(time).toMatch(/09:05:07\s\S*[A-Z]\S*$/);
    expect(
      signalRows([
        { at, kind: 'tab-switch', question: 2 },
        { at: at + 1000, kind: 'paste', question: 1, chars: 120 },
        { at: at + 2000, kind: 'paste', question: 3, chars: 1 },
        { at: at + 3000, kind: 'tab-switch', question: null },
      ]).map(({ time, what, question }) => [time, what, question]),
    ).toEqual([
      [dateTimeWithZone(at), 'Tab or window switch', 'Question 2'],
      [dateTimeWithZone(at + 1_000), 'Paste of 120 characters', 'Question 1'],
      [dateTimeWithZone(at + 2_000), 'Paste of 1 character', 'Question 3'],
      [dateTimeWithZone(at + 3_000), 'Tab or window switch', 'No question open'],
    ]);
  });

  it('counts every signal, and says how many have no time on the list', () => {
    const events = [{ at, kind: 'tab-switch' as const, question: 1 as const }];
    expect(signalCounts({ tabSwitches: 1, pastes: 0 })).toBe('1 tab or window switch and 0 pastes');
    expect(signalCounts({ tabSwitches: 3, pastes: 1 })).toBe('3 tab or window switches and 1 paste');
    expect(unlistedSignals({ tabSwitches: 1, pastes: 0 }, events)).toBeNull();
    expect(unlistedSignals({ tabSwitches: 2, pastes: 0 }, events)).toBe(
      '1 more tab or window switch is counted without a time.',
    );
    expect(unlistedSignals({ tabSwitches: 3, pastes: 4 }, events)).toBe(
      '2 more tab or window switches and 4 more pastes are counted without a time.',
    );
  });
});
