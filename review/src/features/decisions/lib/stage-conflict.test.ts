import { describe, expect, it } from 'vitest';
import { stageMovedMessage } from './stage-conflict.ts';

const utc = { locale: 'en-GB', timeZone: 'UTC' };
const declined = {
  from: 'new' as const,
  to: 'decline' as const,
  reason: 'Role filled',
  by: 'Dana Decider (dana@nimbus.example)',
  at: '2026-03-12T14:05:09.000Z',
};

describe('stageMovedMessage', () => {
  it('says who moved the candidate to which stage, and when, and that the choice waits in the form', () => {
    expect(stageMovedMessage({ stage: 'decline', history: [declined], withheld: false }, 'reviewing', utc)).toBe(
      'Dana Decider (dana@nimbus.example) changed the stage to Decline on 12 Mar 2026, 14:05, after this page ' +
        'showed it. Nothing was saved. Your choice, Reviewing, is still in the form: save again to change it.',
    );
  });

  it('says there is nothing to save when the teammate chose the same stage', () => {
    expect(stageMovedMessage({ stage: 'decline', history: [declined], withheld: false }, 'decline', utc)).toMatch(
      /to Decline on .+\. Nothing was saved: it is already the stage you chose\.$/,
    );
  });

  it('names no one where the history does not say who set the stage', () => {
    expect(stageMovedMessage({ stage: 'advance', history: [], withheld: false }, 'reviewing', utc)).toBe(
      'The stage changed to Advance after this page showed it. Nothing was saved. Your choice, Reviewing, is ' +
        'still in the form: save again to change it.',
    );
    expect(stageMovedMessage({ stage: 'new', history: [declined], withheld: false }, 'reviewing', utc)).toMatch(
      /^The stage changed to New after this page showed it\./,
    );
  });
});

describe('stageMovedMessage to a reviewer from whom the team’s judgement is withheld', () => {
  it('names nobody, as the history holds only their own changes', () => {
    const own = { ...declined, to: 'reviewing' as const, by: 'Rob (rob@nimbus.example)' };
    expect(stageMovedMessage({ stage: 'reviewing', history: [own], withheld: true }, 'new', utc)).toBe(
      'The stage changed to Reviewing after this page showed it. Nothing was saved. Your choice, New, is still in the form: save again to change it.',
    );
  });

  it('says a teammate moved the candidate on, and to rate first, never where', () => {
    expect(stageMovedMessage({ stage: 'moved-on', history: [], withheld: true }, 'reviewing', utc)).toBe(
      'A teammate moved this candidate on after this page showed them. Nothing was saved: rate the candidate to see where they stand and why, then change the stage if you still mean to.',
    );
  });
});
