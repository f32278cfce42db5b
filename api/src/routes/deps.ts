import type { ServerConfig } from '../config.ts';
import type { SessionStore } from '../storage/session-store.ts';
import type { VideoStore } from '../storage/video-store.ts';

export interface ApiDeps {
  config: ServerConfig;
  store: SessionStore;
  videos: VideoStore;
  /** The server clock; tests move it to reach the time limit. */
  now: () => number;
}
