import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config.ts';
import type { HealthProbe } from './health.ts';
import { openRateLimitRedis } from './http/shared-rate-limits.ts';
import { createFileVideoStore } from './storage/file-video-store.ts';
import { openPostgres, type Postgres } from './storage/postgres.ts';
import { createPostgresLocker, type PostgresLocker } from './storage/postgres-locker.ts';
import { openPostgresSessionStore } from './storage/postgres-session-store.ts';
import { createS3VideoStore } from './storage/s3-video-store.ts';
import type { SessionStore } from './storage/session-store.ts';
import { openSqliteSessionStore } from './storage/sqlite-session-store.ts';
import type { VideoStore } from './storage/video-store.ts';

/** Finished videos in the bucket when `S3_BUCKET` is set, else in the uploads folder. */
export function createVideoStore(config: ServerConfig): VideoStore {
  return config.s3 ? createS3VideoStore(config.s3, config.uploadsDir) : createFileVideoStore(config.uploadsDir);
}

/**
 * Sessions in PostgreSQL through the process's pool when `DATABASE_URL` is set, else in SQLite
 * under `DATA_DIR`. Either runs its migrations before it resolves.
 */
export function openSessionStore(config: ServerConfig, postgres: Postgres | undefined): Promise<SessionStore> {
  return postgres ? openPostgresSessionStore(postgres) : openSqliteSessionStore(config.dataDir);
}

/**
 * What the API instances share beyond their own process, each only when configured: PostgreSQL
 * (`DATABASE_URL`: the sessions and the tus upload locks), object storage (`S3_*`) and Redis (`REDIS_URL`: the rate
 * limits' counts). With none of them set, everything stays in this process and its data folder.
 */
export interface Backends {
  videos: VideoStore;
  /** One pool per process; undefined without `DATABASE_URL`. */
  postgres: Postgres | undefined;
  /** Undefined means tus's own in-process locker. */
  uploadLocker: PostgresLocker | undefined;
  rateLimitRedis: Redis | undefined;
  /** What `/api/health` checks. */
  probes: HealthProbe[];
  close(): Promise<void>;
}

/**
 * One line for a connection error: the clients attach their whole connection state to it, and the
 * health check already says, once, when a dependency goes down and comes back.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${error.message} (${code})` : error.message;
}

export function openBackends(config: ServerConfig, log: FastifyBaseLogger): Backends {
  const warn = (what: string) => (error: unknown) => log.warn(`${what}: ${describeError(error)}`);
  const videos = createVideoStore(config);
  const postgres = config.databaseUrl ? openPostgres(config.databaseUrl, warn('PostgreSQL')) : undefined;
  const uploadLocker = postgres ? createPostgresLocker(postgres, { onError: warn('Upload locks') }) : undefined;
  const rateLimitRedis = config.redisUrl ? openRateLimitRedis(config.redisUrl, warn('Redis (rate limits)')) : undefined;

  const probes: HealthProbe[] = [{ name: 'storage', check: () => videos.probe(), required: true }];
  if (postgres) probes.push({ name: 'database', check: () => postgres.ping(), required: true });
  if (rateLimitRedis) {
    probes.push({ name: 'rateLimits', check: async () => void (await rateLimitRedis.ping()), required: false });
  }

  return {
    videos,
    postgres,
    uploadLocker,
    rateLimitRedis,
    probes,
    async close() {
      await uploadLocker?.close();
      await postgres?.close();
      rateLimitRedis?.disconnect();
    },
  };
}
