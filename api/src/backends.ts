import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config.ts';
import type { HealthProbe } from './health.ts';
import { openRateLimitRedis } from './http/shared-rate-limits.ts';
import { openPostgres, openPostgresStorage, type Postgres } from './storage/db/postgres.ts';
import { openSqliteStorage } from './storage/db/sqlite.ts';
import type { Storage } from './storage/db/storage.ts';
import { type Stores, storesOn } from './storage/stores.ts';
import { createPostgresLocker, type PostgresLocker } from './storage/uploads/postgres-locker.ts';
import { createFileVideoStore } from './storage/videos/file-video-store.ts';
import { createS3VideoStore } from './storage/videos/s3-video-store.ts';
import type { VideoStore } from './storage/videos/video-store.ts';

/** Finished videos in the bucket when `S3_BUCKET` is set, else in the uploads folder. */
export async function createVideoStore(config: ServerConfig): Promise<VideoStore> {
  return config.s3 ? await createS3VideoStore(config.s3, config.uploadsDir) : createFileVideoStore(config.uploadsDir);
}

/**
 * The stores' database: PostgreSQL through the process's pool when `DATABASE_URL` is set, else
 * SQLite under `DATA_DIR`. Either runs its migrations before it resolves.
 */
export function openStorage(config: ServerConfig, { postgres }: Pick<Backends, 'postgres'>): Promise<Storage> {
  return postgres ? openPostgresStorage(postgres) : openSqliteStorage(config.dataDir);
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

/**
 * Each backend's client is loaded here, only when it is configured (`openPostgres`,
 * `openRateLimitRedis`, `createS3VideoStore`): a server or command without them never loads them.
 */
export async function openBackends(config: ServerConfig, log: FastifyBaseLogger): Promise<Backends> {
  const warn = (what: string) => (error: unknown) => log.warn(`${what}: ${describeError(error)}`);
  const videos = await createVideoStore(config);
  const postgres = config.databaseUrl ? await openPostgres(config.databaseUrl, warn('PostgreSQL')) : undefined;
  const uploadLocker = postgres ? createPostgresLocker(postgres, { onError: warn('Upload locks') }) : undefined;
  const rateLimitRedis = config.redisUrl
    ? await openRateLimitRedis(config.redisUrl, warn('Redis (rate limits)'))
    : undefined;

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

/**
 * For a command run beside the server (export, reviewer accounts): the configured database's
 * stores for the length of `work`, closed after it, and where they are, in words.
 */
export async function withStores<T>(
  config: ServerConfig,
  work: (stores: Stores, source: string) => Promise<T>,
): Promise<T> {
  const postgres = config.databaseUrl
    ? await openPostgres(config.databaseUrl, (error) => console.error(`Database: ${describeError(error)}`))
    : undefined;
  try {
    const storage = await openStorage(config, { postgres });
    try {
      return await work(storesOn(storage), postgres ? 'the database at DATABASE_URL' : config.dataDir);
    } finally {
      await storage.close();
    }
  } finally {
    await postgres?.close();
  }
}
