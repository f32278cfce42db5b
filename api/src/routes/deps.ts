import type { SectionRegistry } from '@assessment/core';
import type { Locker } from '@tus/server';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { LiveReleases } from '../releases/live-releases.ts';
import type { ReleasePreviews } from '../releases/release-previews.ts';
import type { ReleaseService } from '../releases/release-service.ts';
import type { Stores } from '../storage/stores.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';

/** What the API is built from: every store (a route takes only those it uses), the videos and the clock. */
export interface ApiDeps extends Stores {
  config: ServerConfig;
  videos: VideoStore;
  /** Shared by every instance when set (the database's locks); undefined means tus's in-process locker. */
  uploadLocker?: Locker;
  /** Where every rate limit counts when several instances share Redis: see `sharedRateLimits`. */
  rateLimitRedis?: Redis;
  /** Where emails go: the mail server, or files under `DATA_DIR/mail`. */
  mail: MailTransport;
  /** The server clock; tests move it to reach the time limit. */
  now: () => number;
  /** The assessment's sections: which keep a record of their own, and how it reads. */
  sections: SectionRegistry;
  /** Section releases: checked, stored, made live, rolled back (`releases/release-service.ts`). */
  releaseService: ReleaseService;
  /** This instance's copy of the live releases. */
  liveReleases: LiveReleases;
  /** Links that open a release before it is live (`pnpm release preview`). */
  releasePreviews: ReleasePreviews;
}

export interface RouteDeps extends ApiDeps {
  limits: RateLimits;
}
