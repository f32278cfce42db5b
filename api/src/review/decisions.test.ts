import { STAGE_CHANGED_MEANWHILE, STAGE_REASONS_CHANGED_MEANWHILE } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { stageMovedMeanwhile, stageReasonsChangedMeanwhile } from './decisions.ts';

describe('stageMovedMeanwhile', () => {
  it('says who moved the candidate where, and when, and answers with the candidate as they stand', () => {
    const current = {
      stage: 'decline' as const,
      history: [
        { from: 'new' as const, to: 'reviewing' as const, reason: null, by: 'Rob (rob@x.example)', at: 'T1' },
        {
          from: 'reviewing' as const,
          to: 'decline' as const,
          reason: 'Role filled',
          by: 'Bea (bea@x.example)',
          at: 'T2',
        },
      ],
      notes: [],
      withheld: false,
    };
    const refusal = stageMovedMeanwhile(current);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(
      'The stage changed meanwhile: the candidate is at Decline now, by Bea (bea@x.example) at T2. Nothing was saved; to change it, send again from "decline".',
    );
    expect(refusal.details).toEqual({ code: STAGE_CHANGED_MEANWHILE, ...current });
  });

  it('names no one where the history has no change', () => {
    expect(stageMovedMeanwhile({ stage: 'new', history: [], notes: [], withheld: false }).message).toBe(
      'The stage changed meanwhile: the candidate is at New now. Nothing was saved; to change it, send again from "new".',
    );
  });

  it('names no one where the reader is shown only their own change, not the one that moved the candidate', () => {
    const own = { from: 'new' as const, to: 'reviewing' as const, reason: null, by: 'Rob (rob@x.example)', at: 'T1' };
    expect(stageMovedMeanwhile({ stage: 'reviewing', history: [own], notes: [], withheld: true }).message).toBe(
      'The stage changed meanwhile: the candidate is at Reviewing now. Nothing was saved; to change it, send again from "reviewing".',
    );
  });

  it('tells a reader from whom the team’s judgement is withheld to rate first, and where and why stay unsaid', () => {
    const current = { stage: 'moved-on' as const, history: [], notes: [], withheld: true };
    const refusal = stageMovedMeanwhile(current);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(
      'A teammate has moved this candidate on. Nothing was saved; rate the candidate to see where they stand and why, then change the stage if you still mean to.',
    );
    expect(refusal.details).toEqual({ code: STAGE_CHANGED_MEANWHILE, ...current });
  });
});

describe('stageReasonsChangedMeanwhile', () => {
  const settings = {
    companyId: 'nimbus',
    companyName: 'Nimbus',
    retentionDays: 365,
    reminderHours: 48,
    stageReasons: ['Role filled'],
  };

  it('says who saved which version, and when, the version to send, and answers with the settings as they stand', () => {
    const current = {
      ...settings,
      stageReasonsVersion: 3,
      stageReasonsSaved: { by: 'Bea (bea@x.example)', at: '2026-03-12T14:05:09.000Z' },
    };
    const refusal = stageReasonsChangedMeanwhile(current, 2);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(
      'The stage reasons changed meanwhile: Bea (bea@x.example) saved version 3 at 2026-03-12T14:05:09.000Z, ' +
        'and you edited version 2. Nothing was saved; read the list, then send your changes again with stageReasonsVersion 3.',
    );
    expect(refusal.details).toEqual({ code: STAGE_REASONS_CHANGED_MEANWHILE, ...current });
  });

  it('says there is no such version where no list was ever saved', () => {
    const current = { ...settings, stageReasons: [], stageReasonsVersion: 0, stageReasonsSaved: null };
    expect(stageReasonsChangedMeanwhile(current, 4).message).toBe(
      'The stage reasons have no version 4: no list has been saved yet (version 0). Nothing was saved; read the ' +
        'list, then send your changes again with stageReasonsVersion 0.',
    );
  });
});
