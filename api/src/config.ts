import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the admin API is switched off entirely. */
  adminToken: string | undefined;
  /** Folder holding the built shell and the built remotes (`remote-quiz/dist`, ...). */
  repoRoot: string;
  /**
   * `REMOTES_JSON`: a first import only. A section no release was ever made live for starts with
   * the address this file names for it (a deployment from before releases); unset, with its
   * remote's build folder. After that the database's releases are what candidates get.
   */
  remotesFile: string | undefined;
  /** Where uploaded releases' files are kept without `S3_BUCKET` (`RELEASES_DIR`, default `DATA_DIR/releases`). */
  releasesDir: string;
  /** A CDN in front of this server's `/remotes/` (`RELEASES_CDN_URL`): uploaded releases are loaded from there. */
  releasesCdnUrl: string | undefined;
  /** The largest release upload, unpacked (`RELEASE_MAX_BYTES`). */
  releaseMaxBytes: number;
  /** The automatic rollback's rule (DEPLOY.md, "Automatic rollback"). */
  rollbackMinLoads: number;
  rollbackMarginPoints: number;
  /** Releases a team hosts may be on private, loopback and link-local addresses (`RELEASE_URLS_ALLOW_PRIVATE`). */
  releaseUrlsAllowPrivate: boolean;
  /** Requests per minute per candidate session (and per address for anonymous requests); generous, so autosaves never reach it. */
  rateLimitPerMinute: number;
  /** Registrations that open a session, per hour, from one address and for one test. */
  registrationsPerIpPerHour: number;
  registrationsPerBlockPerHour: number;
  registrationsPerTestPerHour: number;
  /** Invitation checks (`/api/invitation-status`) per hour from one address. */
  invitationChecksPerIpPerHour: number;
  /** Reviewer sign-in attempts per hour from one address. */
  signInsPerIpPerHour: number;
  /** Largest video upload accepted. */
  videoMaxBytes: number;
  /** Unfinished uploads one session may hold; a newer one replaces the oldest. */
  videoUploadsInFlight: number;
  /** Bytes one session's unfinished uploads may declare together. */
  videoBytesInFlight: number;
  /** Free disk space in `uploadsDir` that video bytes never take (`VIDEO_DISK_RESERVE_BYTES`). */
  videoDiskReserveBytes: number;
  /** ffprobe, which checks that a finished upload holds a picture that plays; `off` checks first bytes only. */
  videoFfprobe: string;
  /**
   * Which proxies in front may name the client (X-Forwarded-For): without it, behind a load
   * balancer every candidate would share the balancer's address and one rate limit.
   */
  trustProxy: TrustProxy;
  /**
   * Where tus keeps uploads in progress (default `DATA_DIR/videos`). With several instances, a
   * volume every instance mounts, so an upload started on one can be resumed on another.
   */
  uploadsDir: string;
  /** The database every instance shares, with the tus upload locks (`DATABASE_URL`); unset keeps it in a file under `DATA_DIR`. */
  databaseUrl: string | undefined;
  /** Object storage for finished videos (`S3_BUCKET` and the other `S3_*`); unset keeps them in `uploadsDir`. */
  s3: S3Settings | undefined;
  /** Redis, shared by every instance: the rate limits' counts (`REDIS_URL`). */
  redisUrl: string | undefined;
  /** The address candidates and reviewers open (`PUBLIC_URL`): the links in emails start with it. */
  publicUrl: string;
  /** The mail server (`SMTP_URL`); unset writes each message to `DATA_DIR/mail` as an `.eml` file. */
  smtpUrl: string | undefined;
  /** The address emails are sent from (`MAIL_FROM`). */
  mailFrom: string;
  /**
   * Webhooks may reach private, loopback and link-local addresses (`WEBHOOK_ALLOW_PRIVATE`): for
   * tests and private deployments; off, a company cannot make the server call inside its network.
   */
  webhookAllowPrivate: boolean;
  /**
   * What each company's Greenhouse key is derived from (`PARTNER_KEY_SECRET`): the database keeps
   * only a key's hash, and the server derives the key again to authenticate its `PATCH` to
   * Greenhouse (`api/src/partners/partner-keys.ts`). Unset, no key can be made.
   */
  partnerKeySecret: string | undefined;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset means AWS itself; set for any other S3-compatible service. */
  endpoint: string | undefined;
  /** Unset means the AWS SDK's own chain (AWS_* variables, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than in the host name, as most local S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** `TRUST_PROXY`: unset or `false` (no proxy), `true`, a hop count, or a comma-separated list of addresses/CIDRs. */
type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * `true` trusts the one proxy in front, as a hop count of 1 does. Trusting every hop would take
 * the left-most X-Forwarded-For address, which the client writes itself: anyone could then pick
 * the address they are counted at, and name a reviewer's office to make her sign-ins wait.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    const hops = value === 'true' ? 1 : Number(value);
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

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// address, got "${endpoint}"`);
  }
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    credentials: accessKeyId === '' ? undefined : { accessKeyId, secretAccessKey },
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE'),
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** 32 characters: 128 bits or more even as hex, the least random a key to every company's data may be. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/**
 * An operator's secret (`ADMIN_TOKEN`, `PARTNER_KEY_SECRET`), if set; one too short to withstand
 * guessing stops the server from starting. `unset` says what leaving it unset means.
 */
function secretOf(env: NodeJS.ProcessEnv, name: string, unset: string): string | undefined {
  const secret = env[name];
  if (!secret) return undefined;
  if (secret.length < ADMIN_TOKEN_MIN_LENGTH || new Set(secret).size < 8) {
    throw new Error(
      `${name} must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters of random text (128 bits or more); ${unset}`,
    );
  }
  return secret;
}

function publicUrlOf(raw: string | undefined, port: number): string {
  const value = raw?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`PUBLIC_URL must be an http or https address, got "${value}"`);
  }
  return url.origin;
}

function cdnUrlOf(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/.test(value) || /[?#]/.test(value)) {
    throw new Error(`RELEASES_CDN_URL must be an http:// or https:// address with no query, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function mailFromOf(raw: string | undefined): string {
  const value = raw?.trim() || 'assessment@localhost';
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(value)) {
    throw new Error(`MAIL_FROM must be one plain email address, such as assessment@example.com, got "${value}"`);
  }
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    adminToken: secretOf(env, 'ADMIN_TOKEN', 'leave it unset to keep the admin API off'),
    repoRoot,
    remotesFile: env.REMOTES_JSON ? path.resolve(env.REMOTES_JSON) : undefined,
    releasesDir: path.resolve(env.RELEASES_DIR || path.join(dataDir, 'releases')),
    releasesCdnUrl: cdnUrlOf(env.RELEASES_CDN_URL),
    // A remote build is 1-3 MB with its compressed copies; room for one ten times that size.
    releaseMaxBytes: positiveInteger(env, 'RELEASE_MAX_BYTES', 50 * 1024 * 1024),
    rollbackMinLoads: positiveInteger(env, 'RELEASE_ROLLBACK_MIN_LOADS', 50),
    rollbackMarginPoints: positiveInteger(env, 'RELEASE_ROLLBACK_MARGIN_POINTS', 10),
    releaseUrlsAllowPrivate: flag(env, 'RELEASE_URLS_ALLOW_PRIVATE'),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 300),
    // An office of a few hundred candidates behind one NAT may all start within the hour.
    registrationsPerIpPerHour: positiveInteger(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 300),
    registrationsPerBlockPerHour: positiveInteger(env, 'REGISTRATIONS_PER_BLOCK_PER_HOUR', 1200),
    registrationsPerTestPerHour: positiveInteger(env, 'REGISTRATIONS_PER_TEST_PER_HOUR', 2000),
    // Each candidate checks the link on the landing page and at every section: ten times the registrations.
    invitationChecksPerIpPerHour: positiveInteger(env, 'INVITATION_CHECKS_PER_IP_PER_HOUR', 3000),
    // Enough for an office of reviewers behind one address; a password is never tried more than 10 times an hour.
    signInsPerIpPerHour: positiveInteger(env, 'SIGN_INS_PER_IP_PER_HOUR', 60),
    // Ten minutes of 720p WebM is about 150-250 MB; twice that leaves room for a high bitrate.
    videoMaxBytes: positiveInteger(env, 'VIDEO_MAX_BYTES', 512 * 1024 * 1024),
    videoUploadsInFlight: positiveInteger(env, 'VIDEO_UPLOADS_IN_FLIGHT', 2),
    videoBytesInFlight: positiveInteger(env, 'VIDEO_BYTES_IN_FLIGHT', 1024 * 1024 * 1024),
    // Room for the database to go on growing by a busy day's answers after videos have stopped.
    videoDiskReserveBytes: positiveInteger(env, 'VIDEO_DISK_RESERVE_BYTES', 1024 * 1024 * 1024),
    videoFfprobe: env.VIDEO_FFPROBE?.trim() || 'ffprobe',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'videos')),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    s3: s3FromEnv(env),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    publicUrl: publicUrlOf(env.PUBLIC_URL, port),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: mailFromOf(env.MAIL_FROM),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    partnerKeySecret: secretOf(env, 'PARTNER_KEY_SECRET', 'leave it unset to make no Greenhouse keys'),
  };
}
