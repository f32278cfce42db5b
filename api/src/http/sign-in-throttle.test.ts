import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openRateLimitRedis } from './shared-rate-limits.ts';
import { createSignInThrottle, waitAfter } from './sign-in-throttle.ts';

describe('the sign-in throttle', () => {
  it('lets a few failures go, then doubles the wait after each, up to 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 8].map((failures) => waitAfter(failures, 4))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(waitAfter(40, 4)).toBe(15 * 60_000);
  });

  it('holds back the failing address, never another one, and forgets a count on success', async () => {
    const throttle = createSignInThrottle();
    const now = 1_000_000;
    for (let failure = 0; failure < 6; failure += 1) await throttle.failed('rita@x.example', '10.0.0.1', now);
    expect(await throttle.waitSeconds('rita@x.example', '10.0.0.1', now)).toBe(2);
    expect(await throttle.waitSeconds('rita@x.example', '10.0.0.1', now + 2000)).toBe(0);
    expect(await throttle.waitSeconds('rita@x.example', '10.0.0.2', now)).toBe(0);
    expect(await throttle.waitSeconds('other@x.example', '10.0.0.1', now)).toBe(0);
    await throttle.succeeded('rita@x.example', '10.0.0.1');
    expect(await throttle.waitSeconds('rita@x.example', '10.0.0.1', now)).toBe(0);
  });

  it('holds back an address that fails for many emails', async () => {
    const throttle = createSignInThrottle();
    for (let failure = 0; failure < 21; failure += 1) await throttle.failed(`n${failure}@x.example`, '10.0.0.9', 5);
    expect(await throttle.waitSeconds('fresh@x.example', '10.0.0.9', 5)).toBe(1);
  });
});

describe('the sign-in throttle on Redis', () => {
  const { REDIS_URL } = inject('services');
  const connections: Redis[] = [];
  beforeAll(async () => {
    connections.push(await openRateLimitRedis(REDIS_URL, () => {}), await openRateLimitRedis(REDIS_URL, () => {}));
  });
  afterAll(() => {
    for (const redis of connections) redis.disconnect();
  });

  it('counts one failure on every instance, and skips the counts while Redis is out of reach', async () => {
    for (const redis of connections) {
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    }
    const [first, second] = connections.map((redis) => createSignInThrottle(redis));
    const email = `${randomBytes(6).toString('hex')}@x.example`;
    for (let failure = 0; failure < 5; failure += 1) await first?.failed(email, '10.1.0.1', 1_000);
    expect(await second?.waitSeconds(email, '10.1.0.1', 1_000)).toBe(1);

    const down = await openRateLimitRedis('redis://127.0.0.1:1', () => {});
    connections.push(down);
    const unreachable = createSignInThrottle(down);
    await unreachable.failed(email, '10.1.0.1', 1_000);
    expect(await unreachable.waitSeconds(email, '10.1.0.1', 1_000)).toBe(0);
  });
});
