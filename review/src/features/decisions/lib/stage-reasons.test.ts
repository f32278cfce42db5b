import { STAGE_REASON_MAX_LENGTH, STAGE_REASONS_MAX } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { reasonsFromLines } from './stage-reasons.ts';

describe('reasonsFromLines', () => {
  it('takes one reason per line, trimmed, blank lines left out, in order', () => {
    expect(reasonsFromLines('  Strong written answers \n\nRole filled\n   \n')).toEqual({
      reasons: ['Strong written answers', 'Role filled'],
    });
    expect(reasonsFromLines('')).toEqual({ reasons: [] });
  });

  it('says which reason is listed twice, whatever its case', () => {
    expect(reasonsFromLines('Role filled\nrole FILLED')).toEqual({
      problem: '"role FILLED" is listed twice: keep it once.',
    });
  });

  it('keeps to the limits the server keeps', () => {
    const many = Array.from({ length: STAGE_REASONS_MAX + 1 }, (_, index) => `Reason ${index}`).join('\n');
    expect(reasonsFromLines(many)).toEqual({
      problem: `List at most ${STAGE_REASONS_MAX} reasons; this has ${STAGE_REASONS_MAX + 1}.`,
    });
    expect(reasonsFromLines('x'.repeat(STAGE_REASON_MAX_LENGTH + 1))).toMatchObject({
      problem: expect.stringMatching(/^Keep each reason to 200 characters/),
    });
  });
});
