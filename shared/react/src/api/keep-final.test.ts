import { describe, expect, it } from 'vitest';
import { keepFinal } from './keep-final.ts';

describe('keepFinal', () => {
  it('keeps a submit a submit, with its reason, when an autosave replaces it', () => {
    expect(keepFinal({ final: true, finalReason: 'time-up', revision: 1 }, { final: false, revision: 2 })).toEqual({
      final: true,
      finalReason: 'time-up',
      revision: 2,
    });
  });

  it('takes the newer save as it is otherwise', () => {
    const newer = { final: true, finalReason: 'complete', revision: 2 };
    expect(keepFinal({ final: false, revision: 1 }, newer)).toBe(newer);
    expect(keepFinal({ final: true, finalReason: 'time-up' }, newer)).toEqual(newer);
    expect(keepFinal({ final: true }, { final: false })).toEqual({ final: true });
  });
});
