import type { PartnerKeyView } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { keyState } from './key-labels.ts';

const time = (at: string) => at.slice(11, 16);
const key: PartnerKeyView = {
  keyId: '0123456789abcdef',
  name: 'Greenhouse',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('keyState', () => {
  it('tells a key not used yet, one Greenhouse calls with, and a revoked one', () => {
    expect(keyState(key, time)).toBe('Not used by Greenhouse yet');
    expect(keyState({ ...key, lastUsedAt: '2026-03-02T10:15:00.000Z' }, time)).toBe(
      'In use: Greenhouse last called with it 10:15',
    );
    expect(
      keyState({ ...key, lastUsedAt: '2026-03-02T10:15:00.000Z', revokedAt: '2026-03-02T11:00:00.000Z' }, time),
    ).toBe("Revoked 11:00: Greenhouse's calls with it are refused");
  });
});
