import { allTests } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { blindByDefault, blindCode } from './blind-review.ts';

describe('blind review', () => {
  it('gives a candidate the same four-character code every time, and two candidates different ones', () => {
    expect(blindCode('session-1')).toMatch(/^[0-9A-F]{4}$/);
    expect(blindCode('session-1')).toBe(blindCode('session-1'));
    expect(blindCode('session-1')).not.toBe(blindCode('session-2'));
  });

  it('leaves the tests there were when it arrived as they were, and starts any newer test blind', () => {
    for (const test of allTests()) expect(blindByDefault(test.uuid), test.uuid).toBe(false);
    expect(blindByDefault('n3wt3st1')).toBe(true);
  });
});
