import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The connection `@fastify/rate-limit` counts in when several instances share `REDIS_URL`. A
 * rate limiter must never hold a request up: a command fails after a second rather than wait
 * for Redis, and fails at once while Redis is unreachable instead of queueing.
 */
export async function openRateLimitRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  // The client is loaded only where `REDIS_URL` is set, as PostgreSQL's driver is (`storage/db/postgres.ts`).
  const { Redis: Client } = await import('ioredis');
  const redis = new Client(url, {
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // ioredis reports every failed reconnection; one report per outage is enough.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) onError(error);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/**
 * The store part of one `@fastify/rate-limit` registration: spread it into the options of every
 * registration (`...sharedRateLimits(redis, 'api')`), each with its own bucket name. Without
 * Redis it is empty, and each instance counts in its own memory as before.
 *
 * In memory every registration has its own counts; in Redis they would all share one key per
 * client unless each has its own namespace, hence the bucket name. While Redis is unreachable the
 * limits are skipped rather than every request failing: a candidate mid-assessment matters more
 * than a limit, and the health check reports it (`rateLimits: down`).
 */
export function sharedRateLimits(
  redis: Redis | undefined,
  bucket: string,
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'> {
  if (!redis) return {};
  return { redis, nameSpace: `assessment-rate-limit:${bucket}:`, skipOnError: true };
}
