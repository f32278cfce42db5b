import type { Locker } from '@tus/server';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { SessionStore } from '../storage/session-store.ts';
import type { VideoStore } from '../storage/video-store.ts';

export interface ApiDeps {
  config: ServerConfig;
  store: SessionStore;
  videos: VideoStore;
  /** Shared by every instance when set (PostgreSQL); undefined means tus's in-process locker. */
  uploadLocker?: Locker;
  /** Where every rate limit counts when several instances share Redis: see `sharedRateLimits`. */
  rateLimitRedis?: Redis;
  /** The server clock; tests move it to reach the time limit. */
  now: () => number;
}

export interface RouteDeps extends ApiDeps {
  limits: RateLimits;
}
