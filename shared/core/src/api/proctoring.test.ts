import { describe, expect, it } from 'vitest';
import { emptyProctoring, proctoringSignals, proctoringTimeline, withPaste, withSwitch } from './proctoring.ts';
import { MAX_LISTED_PASTES, MAX_LISTED_SWITCH_TIMES, proctoringSchema } from './schemas.ts';

describe('proctoring record', () => {
  it('counts switches overall and on the open question', () => {
    let record = emptyProctoring();
    record = withSwitch(record, null);
    record = withSwitch(record, 1);
    expect(record.tabSwitches).toBe(2);
    expect(record.perQuestion.map((question) => question.switches)).toEqual([0, 1, 0]);
  });

  it('lists pastes with their size, and only counts them once the list is full', () => {
    let record = emptyProctoring();
    for (let paste = 0; paste < MAX_LISTED_PASTES + 3; paste += 1) record = withPaste(record, 2, 10, paste);
    const third = record.perQuestion[2];
    expect(third.pastes).toHaveLength(MAX_LISTED_PASTES);
    expect(third.pastes[0]).toEqual({ chars: 10, at: 0 });
    expect(third.droppedPastes).toBe(3);
    expect(proctoringSchema.safeParse(record).success).toBe(true);
  });

  it('lists the time of each switch on its question, or off the questions, when given one', () => {
    let record = emptyProctoring();
    record = withSwitch(record, 0, 1000);
    record = withSwitch(record, null, 2000);
    record = withSwitch(record, 0, 3000);
    expect(record.tabSwitches).toBe(3);
    expect(record.perQuestion[0]).toMatchObject({ switches: 2, switchTimes: [1000, 3000], droppedSwitchTimes: 0 });
    expect(record.listSwitchTimes).toEqual([2000]);
    expect(proctoringSchema.safeParse(record).success).toBe(true);
  });

  it('only counts switch times once their list is full, so a save is never refused', () => {
    let record = emptyProctoring();
    for (let at = 0; at < MAX_LISTED_SWITCH_TIMES + 2; at += 1)
      record = withSwitch(withSwitch(record, 1, at), null, at);
    expect(record.perQuestion[1]).toMatchObject({ switches: MAX_LISTED_SWITCH_TIMES + 2, droppedSwitchTimes: 2 });
    expect(record.perQuestion[1].switchTimes).toHaveLength(MAX_LISTED_SWITCH_TIMES);
    expect(record.droppedListSwitchTimes).toBe(2);
    expect(proctoringSchema.safeParse(record).success).toBe(true);
  });

  it('still reads a record from before switch times were kept', () => {
    const old = { tabSwitches: 1, perQuestion: [0, 1, 2].map(() => ({ pastes: [], droppedPastes: 0, switches: 0 })) };
    expect(proctoringSchema.parse(old)).toMatchObject({
      listSwitchTimes: [],
      perQuestion: [{ switchTimes: [], droppedSwitchTimes: 0 }, {}, {}],
    });
  });

  it('puts every listed switch and paste on one timeline in time order, with its question', () => {
    let record = emptyProctoring();
    record = withPaste(record, 1, 42, 3000);
    record = withSwitch(record, 0, 1000);
    record = withSwitch(record, null, 2000);
    record = withSwitch(record, 2);
    expect(proctoringTimeline(record)).toEqual([
      { at: 1000, kind: 'tab-switch', question: 1 },
      { at: 2000, kind: 'tab-switch', question: null },
      { at: 3000, kind: 'paste', question: 2, chars: 42 },
    ]);
    expect(proctoringSignals(record)).toEqual({ tabSwitches: 3, pastes: 1 });
  });
});
