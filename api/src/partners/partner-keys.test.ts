import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  basicUserOf,
  keyIdOf,
  matchesKeyHash,
  newPartnerKeyId,
  partnerKeyHash,
  partnerKeyOf,
} from './partner-keys.ts';

const SECRET = 'an operator secret of thirty-two characters or more';

describe('partner keys', () => {
  it('are derived from their id and the secret, name their id, and fit Greenhouse', () => {
    const keyId = newPartnerKeyId();
    const key = partnerKeyOf(SECRET, keyId);
    expect(key).toMatch(/^pk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.length).toBeLessThan(171);
    expect(partnerKeyOf(SECRET, keyId)).toBe(key);
    expect(partnerKeyOf(`${SECRET}!`, keyId)).not.toBe(key);
    expect(keyIdOf(key)).toBe(keyId);
    expect(keyIdOf(`${key}x`)).toBeUndefined();
    expect(keyIdOf('0d031d8227eafa61dc375a6c2e067e24')).toBeUndefined();
  });

  it('are checked against their hash alone', () => {
    const key = partnerKeyOf(SECRET, newPartnerKeyId());
    const hash = partnerKeyHash(key);
    expect(hash).not.toContain(key);
    expect(matchesKeyHash(key, hash)).toBe(true);
    // Its last character changed, whatever it was (a key may end in A).
    expect(matchesKeyHash(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, hash)).toBe(false);
    expect(matchesKeyHash(key, 'not a hash')).toBe(false);
  });
});

describe('HTTP Basic as Greenhouse sends it', () => {
  it("reads the key from the docs' example, and writes the same header", () => {
    // `source/includes/assessment/_list_tests.md`: the key, a colon, base64.
    const docs = 'Basic MGQwMzFkODIyN2VhZmE2MWRjMzc1YTZjMmUwNjdlMjQ6';
    expect(basicUserOf(docs)).toBe('0d031d8227eafa61dc375a6c2e067e24');
    expect(basicAuthorization('0d031d8227eafa61dc375a6c2e067e24')).toBe(docs);
  });

  it('finds no user in anything else', () => {
    expect(basicUserOf(undefined)).toBeUndefined();
    expect(basicUserOf('Bearer abc')).toBeUndefined();
    expect(basicUserOf('Basic not*base64')).toBeUndefined();
    expect(basicUserOf(`Basic ${Buffer.from(':password').toString('base64')}`)).toBeUndefined();
    expect(basicUserOf(`basic ${Buffer.from('key').toString('base64')}`)).toBe('key');
  });
});
