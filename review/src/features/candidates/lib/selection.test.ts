import { SHOWN_STAGE_NAMES } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { movedMessage, type Selected, stillChosen, toggleSelected } from './selection.ts';

const ada: Selected = { sessionId: 'a', name: 'Ada', stage: 'new' };
const bo: Selected = { sessionId: 'b', name: 'Candidate 3F2A', stage: 'new' };
const cy: Selected = { sessionId: 'c', name: 'Cy', stage: 'reviewing' };
const di: Selected = { sessionId: 'd', name: 'Di', stage: 'moved-on' };

describe('choosing candidates in the list', () => {
  it('adds in the order chosen, and takes out a chosen one, however many', () => {
    expect(toggleSelected([], ada)).toEqual([ada]);
    expect(toggleSelected([ada, bo, cy], bo)).toEqual([ada, cy]);
    expect(toggleSelected([ada, bo, cy, ada, bo].slice(0, 3), { ...ada, sessionId: 'd' })).toHaveLength(4);
  });

  it('says what a bulk move did to each, and keeps chosen those it left, at their stage now', () => {
    const results = {
      results: [
        { sessionId: 'a', outcome: 'changed', stage: 'advance', problem: null },
        { sessionId: 'b', outcome: 'moved-meanwhile', stage: 'decline', problem: null },
        { sessionId: 'c', outcome: 'refused', stage: 'reviewing', problem: 'Rate the candidate first' },
        { sessionId: 'd', outcome: 'moved-meanwhile', stage: 'moved-on', problem: null },
      ],
    } as const;
    const chosen = [ada, bo, cy, di];
    expect(
      movedMessage(chosen, { results: [...results.results] }, 'Advance', (stage) => SHOWN_STAGE_NAMES[stage]),
    ).toBe(
      '1 candidate moved to Advance. Candidate 3F2A was left at Decline: a teammate moved them after the list showed them. ' +
        'Cy was not moved: Rate the candidate first. ' +
        'Di was not moved: a teammate has moved them on; rate them to see where they stand.',
    );
    expect(stillChosen(chosen, { results: [...results.results] })).toEqual([
      { ...bo, stage: 'decline' },
      { ...cy, stage: 'reviewing' },
      di,
    ]);
  });
});
