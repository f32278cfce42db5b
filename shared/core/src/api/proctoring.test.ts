import { describe, expect, it } from 'vitest';
import { emptyProctoring, withPaste, withSwitch } from './proctoring.ts';
import { MAX_LISTED_PASTES, proctoringSchema } from './schemas.ts';

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
});
