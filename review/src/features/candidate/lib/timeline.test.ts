import { emptyProctoring, proctoringSchema } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { quizStartOf, timelineRows, unlistedSignals } from './timeline.ts';

const start = Date.UTC(2026, 2, 12, 14, 0, 0);

describe('the proctoring timeline', () => {
  it('lists a section that failed in front of the candidate among the events, with the minutes it cost', () => {
    const rows = timelineRows(
      [{ at: start + 61_000, kind: 'tab-switch', question: null }],
      start,
      [
        { sectionTitle: 'Video Introduction', kind: 'unreachable', startedAt: start + 300_000, endedAt: null },
        { sectionTitle: 'Problem Solving', kind: 'contract', startedAt: start - 200_000, endedAt: start - 15_000 },
      ],
      { locale: 'en-GB', timeZone: 'UTC' },
    );
    expect(rows.map(({ sinceStart, event, question }) => [sinceStart, event, question])).toEqual([
      [
        '−3:20',
        'Problem Solving was being updated and could not be shown until 13:59:45: 3:05 (min:s) lost to the product, not to the candidate.',
        '—',
      ],
      ['1:01', 'Left the page (tab or window switch)', 'No question open (list or instructions)'],
      [
        '5:00',
        'Video Introduction could not be loaded (the connection to it failed); it was not shown again after this, as far as the server heard.',
        '—',
      ],
    ]);
  });

  it('lists events in time order with the question and the time since the quiz began', () => {
    const rows = timelineRows(
      [
        { at: start + 125_000, kind: 'paste', question: 2, chars: 40 },
        { at: start + 61_000, kind: 'tab-switch', question: null },
        { at: start + 90_000, kind: 'paste', question: 1, chars: 1 },
      ],
      start,
    );
    expect(rows.map(({ sinceStart, event, question }) => [sinceStart, event, question])).toEqual([
      ['1:01', 'Left the page (tab or window switch)', 'No question open (list or instructions)'],
      ['1:30', 'Pasted 1 character', 'Question 1'],
      ['2:05', 'Pasted 40 characters', 'Question 2'],
    ]);
  });

  it('counts from Start the quiz: the two minutes read on the instructions after agreeing are not in it', () => {
    const candidate = {
      registration: { startTime: start - 120_000 },
      quizStartedAt: new Date(start + 1_500).toISOString(),
      proctoring: proctoringSchema.parse({ ...emptyProctoring(), startedAt: start, listSwitchTimes: [start + 60_000] }),
    };
    const switchOneMinuteIn = { at: start + 60_000, kind: 'tab-switch', question: null } as const;
    expect(timelineRows([switchOneMinuteIn], quizStartOf(candidate))[0]?.sinceStart).toBe('1:00');
  });

  it('shows no time into the quiz for a record sent without its start, rather than one from the agree', () => {
    const candidate = {
      registration: { startTime: start - 120_000 },
      proctoring: proctoringSchema.parse(emptyProctoring()),
    };
    expect(quizStartOf(candidate)).toBeNull();
    expect(quizStartOf({ proctoring: null })).toBeNull();
    expect(timelineRows([{ at: start, kind: 'tab-switch', question: 3 }], null)[0]?.sinceStart).toBeNull();
  });

  it('tells how many counted signals have no time on the list', () => {
    const events = [
      { at: start, kind: 'paste' as const, question: 1 as const, chars: 3 },
      { at: start + 1, kind: 'tab-switch' as const, question: null },
    ];
    expect(unlistedSignals({ tabSwitches: 4, pastes: 3 }, events)).toBe(5);
    expect(unlistedSignals({ tabSwitches: 1, pastes: 1 }, events)).toBe(0);
    expect(unlistedSignals({ tabSwitches: 0, pastes: 0 }, [])).toBe(0);
  });
});
