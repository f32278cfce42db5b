import { STAGE_CHANGED_MEANWHILE } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { stageMovedMeanwhile } from './decisions.ts';

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
    };
    const refusal = stageMovedMeanwhile(current);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(
      'The stage changed meanwhile: the candidate is at Decline now, by Bea (bea@x.example) at T2. Nothing was saved; to change it, send again from "decline".',
    );
    expect(refusal.details).toEqual({ code: STAGE_CHANGED_MEANWHILE, ...current });
  });

  it('names no one where the history has no change', () => {
    expect(stageMovedMeanwhile({ stage: 'new', history: [], notes: [] }).message).toBe(
      'The stage changed meanwhile: the candidate is at New now. Nothing was saved; to change it, send again from "new".',
    );
  });
});
