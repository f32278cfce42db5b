import { ACCESS_SECRET_FORM } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { accessLinkHash, newAccessLink } from './team.ts';

describe('a one-time link', () => {
  it('has a secret of the form the review page reads from its fragment, and keeps only its hash', () => {
    for (let made = 0; made < 200; made += 1) {
      const { secret, link } = newAccessLink(0, 'invitation', false);
      expect(secret).toMatch(ACCESS_SECRET_FORM);
      expect(link.linkHash).toBe(accessLinkHash(secret));
      expect(JSON.stringify(link)).not.toContain(secret);
    }
  });
});
