import { describe, expect, it } from 'vitest';
import { groupKey, hasCode } from './key-groups.ts';

describe('a two-factor key as the page shows it', () => {
  it('is cut into groups of four, the last one shorter where the key is', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
    expect(groupKey('')).toBe('');
  });

  it('takes a code with any spacing, and nothing else as a code', () => {
    expect(hasCode(' 123 456 ')).toBe(true);
    expect(hasCode(' - ')).toBe(false);
  });
});
