import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the admin API is switched off entirely. */
  adminToken: string | undefined;
  /** Folder holding the built shell and the built remotes (`remote-quiz/dist`, ...). */
  repoRoot: string;
  /** The deploy-time remotes.json: where the shell finds each section remote. */
  remotesFile: string;
  /** Requests per minute per client IP on the API; generous, so autosaves never reach it. */
  rateLimitPerMinute: number;
  /** Largest video upload accepted. */
  videoMaxBytes: number;
  /**
   * Which proxies in front may name the client (X-Forwarded-For): without it, behind a load
   * balancer every candidate would share the balancer's address and one rate limit.
   */
  trustProxy: TrustProxy;
}

/** `TRUST_PROXY`: unset or `false` (no proxy), `true`, a hop count, or a comma-separated list of addresses/CIDRs. */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a whole number above 0, got "${raw}"`);
  }
  return value;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    adminToken: env.ADMIN_TOKEN ? env.ADMIN_TOKEN : undefined,
    repoRoot,
    remotesFile: path.resolve(env.REMOTES_JSON || path.join(repoRoot, 'shell/dist/remotes.json')),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 300),
    // Ten minutes of 720p WebM is about 150-250 MB; twice that leaves room for a high bitrate.
    videoMaxBytes: positiveInteger(env, 'VIDEO_MAX_BYTES', 512 * 1024 * 1024),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
