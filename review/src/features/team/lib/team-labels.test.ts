import type { Teammate } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { accessLinkOf, teammateState } from './team-labels.ts';

const teammate: Teammate = {
  reviewerId: 'r1',
  email: 'tom@example.com',
  name: 'Tom',
  role: 'reviewer',
  active: false,
  linkExpiresAt: '2030-01-04T09:00:00.000Z',
  twoFactor: false,
  you: false,
};
const time = (at: string) => at.slice(0, 16);

describe('team labels', () => {
  it('puts the secret in the fragment of the review page’s access address', () => {
    expect(accessLinkOf('s3cr-et_', 'https://hire.example')).toBe('https://hire.example/review/access#s3cr-et_');
  });

  it('says whether a teammate can sign in, is waiting on their link, or needs a new one', () => {
    expect(teammateState({ ...teammate, active: true, linkExpiresAt: null }, time)).toBe('Can sign in');
    expect(teammateState(teammate, time)).toBe('Has not set a password yet; their link works until 2030-01-04T09:00');
    expect(teammateState({ ...teammate, linkExpiresAt: null }, time)).toMatch(/reset their access/);
  });
});
