import type { Redis } from 'ioredis';

/**
 * Slows password guessing without ever locking the owner out (OWASP ASVS V6, NIST SP 800-63B
 * §5.2.2): failures are counted per email and address together, and per address. Each count
 * allows a few failures, then makes the next attempt wait, twice as long after every further
 * failure, up to a ceiling. An attempt from an address that has not been failing is never held
 * back, whatever happened elsewhere: knowing someone's email is not enough to keep them out.
 * A success clears its email and address's count.
 */

/** Failures allowed before any wait: typos, a forgotten caps lock. */
export const FREE_FAILURES_PER_EMAIL = 4;
/** One address spraying many emails gets more, but not endless, free failures. */
export const FREE_FAILURES_PER_ADDRESS = 20;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** A count forgotten this long after its last failure. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** Counts kept in memory at once, without Redis; the oldest go first. */
const MAX_COUNTS = 100_000;

interface Failures {
  count: number;
  lastAt: number;
}

/** How long after its last failure a count makes the next attempt wait. */
export function waitAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - free - 1));
}

interface CountStore {
  get(key: string): Promise<Failures | undefined>;
  set(key: string, failures: Failures): Promise<void>;
  delete(key: string): Promise<void>;
}

function memoryStore(): CountStore {
  const counts = new Map<string, Failures>();
  return {
    async get(key) {
      return counts.get(key);
    },
    async set(key, failures) {
      counts.delete(key);
      counts.set(key, failures);
      if (counts.size > MAX_COUNTS) counts.delete(counts.keys().next().value as string);
    },
    async delete(key) {
      counts.delete(key);
    },
  };
}

/**
 * Shared by every instance, like the other rate limits, when Redis is configured. While Redis is
 * out of reach the counts are skipped, as the other limits are (`shared-rate-limits.ts`): a
 * sign-in is never refused, nor held, for the want of a counter.
 */
function redisStore(redis: Redis, namespace: string): CountStore {
  const keyOf = (key: string) => `${namespace}:${key}`;
  const unlessDown = async <T>(work: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await work();
    } catch {
      return otherwise;
    }
  };
  return {
    get: (key) =>
      unlessDown(async () => {
        const stored = await redis.get(keyOf(key));
        return stored ? (JSON.parse(stored) as Failures) : undefined;
      }, undefined),
    set: (key, failures) =>
      unlessDown(async () => {
        await redis.set(keyOf(key), JSON.stringify(failures), 'PX', FORGET_AFTER_MS);
      }, undefined),
    delete: (key) =>
      unlessDown(async () => {
        await redis.del(keyOf(key));
      }, undefined),
  };
}

/** One count of failures that a kind of attempt adds to, and how many it lets go before any wait. */
export interface FailureCount {
  key: string;
  free: number;
}

/**
 * Failures counted as sign-ins count them, for any kind of attempt: each attempt names the counts
 * it adds to and is held back by. Its counts are kept in Redis under `namespace`, when given one.
 */
export interface FailureThrottle {
  /** Seconds an attempt of these counts must still wait, or 0 when it may be checked now. */
  waitSeconds(counts: readonly FailureCount[], now: number): Promise<number>;
  failed(counts: readonly FailureCount[], now: number): Promise<void>;
  /** Forgets one count: a success. */
  cleared(key: string): Promise<void>;
}

export function createFailureThrottle(redis: Redis | undefined, namespace: string): FailureThrottle {
  const store = redis ? redisStore(redis, namespace) : memoryStore();
  const current = async (key: string, now: number) => {
    const failures = await store.get(key);
    return failures && now - failures.lastAt < FORGET_AFTER_MS ? failures : undefined;
  };
  return {
    async waitSeconds(counts, now) {
      let waitMs = 0;
      for (const { key, free } of counts) {
        const failures = await current(key, now);
        if (failures) waitMs = Math.max(waitMs, failures.lastAt + waitAfter(failures.count, free) - now);
      }
      return Math.ceil(Math.max(0, waitMs) / 1000);
    },
    async failed(counts, now) {
      for (const { key } of counts) {
        const failures = await current(key, now);
        await store.set(key, { count: (failures?.count ?? 0) + 1, lastAt: now });
      }
    },
    cleared: (key) => store.delete(key),
  };
}

export interface SignInThrottle {
  /** Seconds this attempt must still wait, or 0 when it may be checked now. */
  waitSeconds(email: string, address: string, now: number): Promise<number>;
  failed(email: string, address: string, now: number): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export function createSignInThrottle(redis?: Redis): SignInThrottle {
  const throttle = createFailureThrottle(redis, 'sign-in-failures');
  const counts = (email: string, address: string) => [
    { key: `${address} ${email}`, free: FREE_FAILURES_PER_EMAIL },
    { key: address, free: FREE_FAILURES_PER_ADDRESS },
  ];
  return {
    waitSeconds: (email, address, now) => throttle.waitSeconds(counts(email, address), now),
    failed: (email, address, now) => throttle.failed(counts(email, address), now),
    succeeded: (email, address) => throttle.cleared(`${address} ${email}`),
  };
}
