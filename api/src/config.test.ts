import { describe, expect, it } from 'vitest';
import { configFromEnv, parseTrustProxy } from './config.ts';

describe('parseTrustProxy', () => {
  it('trusts no proxy unless told', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });
  it('takes true, a hop count, or a list of addresses', () => {
    expect(parseTrustProxy('true')).toBe(true);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config.port).toBe(8080);
    expect(config.adminToken).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });
  it('refuses a port that is not a port', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(/PORT/);
  });
});
