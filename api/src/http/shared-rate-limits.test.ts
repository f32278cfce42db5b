import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openRateLimitRedis, sharedRateLimits } from './shared-rate-limits.ts';

const { REDIS_URL } = inject('services');
const opened: { app: FastifyInstance; redis: Redis }[] = [];

/** One API instance's rate limit, as `registerApi` sets one up: its own process, its own Redis connection. */
async function instance(bucket: string, url = REDIS_URL) {
  const redis = await openRateLimitRedis(url, () => {});
  // Until it is connected the limits are skipped (never queued): let it connect first.
  if (url === REDIS_URL) await new Promise((resolve) => redis.once('ready', resolve));
  const app = Fastify();
  await app.register(rateLimit, { max: 3, timeWindow: 60_000, ...sharedRateLimits(redis, bucket) });
  app.get('/ping', async () => ({ ok: true }));
  opened.push({ app, redis });
  return app;
}

afterAll(async () => {
  for (const { app, redis } of opened) {
    await app.close();
    redis.disconnect();
  }
});

const statusOf = async (app: FastifyInstance) =>
  (await app.inject({ url: '/ping', remoteAddress: '10.1.2.3' })).statusCode;

describe('rate limits shared through Redis', () => {
  it('counts a client once across instances', async () => {
    const bucket = `test-${randomBytes(4).toString('hex')}`;
    const [a, b] = [await instance(bucket), await instance(bucket)];
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push(await statusOf(app));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('keeps the counts of different buckets apart', async () => {
    const suffix = randomBytes(4).toString('hex');
    const registration = await instance(`registration-${suffix}`);
    const admin = await instance(`admin-${suffix}`);
    for (let request = 0; request < 3; request += 1) await statusOf(registration);
    expect(await statusOf(registration)).toBe(429);
    expect(await statusOf(admin)).toBe(200);
  });

  it('lets requests through while Redis is unreachable, rather than failing them', async () => {
    // Nothing listens on port 9 of loopback.
    const app = await instance('unreachable', 'redis://127.0.0.1:9');
    for (let request = 0; request < 5; request += 1) expect(await statusOf(app)).toBe(200);
  });

  it('is no option at all without Redis: each instance counts in its own memory', () => {
    expect(sharedRateLimits(undefined, 'api')).toEqual({});
  });
});
