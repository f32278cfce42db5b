import { TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_TOO_MANY_CODES, WRONG_CODES_PER_SIGN_IN } from '@assessment/core';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { addressBlock, limitedAddress } from './address-block.ts';
import { accessOf } from './candidate-access.ts';
import { HttpError } from './errors.ts';
import { sharedRateLimits } from './shared-rate-limits.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

/**
 * Every rate limit of the API, and how each request is counted, in one place: the counters live in
 * @fastify/rate-limit's store, in memory, or in Redis shared by every instance when `REDIS_URL` is set.
 *
 * - A registered session's writes count against that session, never its address: a whole office
 *   behind one NAT autosaves without touching each other's limit. Upload chunks have a higher one.
 * - A registration that opens a session through the open link counts against its address, its
 *   address block (`addressBlock`) and its test. A full test still takes a few registrations an
 *   hour from each block that has not spent them, so a flood slows new candidates but never stops
 *   them. A personal invitation's registration counts against none of these, nor its address: the
 *   invitation is the proof, and it opens one session only; it counts against the invitation.
 * - An invitation check counts against the invitation it names, when it names a real one, and
 *   otherwise (where a token could be guessed) against its address, per hour.
 * - A reviewer's sign-in counts against its address, per hour; failed ones also slow that email
 *   from that address, and that address, ever more (`sign-in-throttle.ts`), never anyone else.
 *   From a browser the reviewer signed in from before (`review/reviewer-auth.ts`), all of it
 *   counts against that browser instead: nobody else at the address can keep them out. A new
 *   teammate's access link counts against the link once it is known to be live, else against the
 *   sign-in's count for the address.
 * - A signed-in reviewer's requests count against that reviewer, and the admin API's against its
 *   token, never their address: a hiring team behind one NAT, or a stranger at the same address,
 *   never spends another's. Their requests that no sign-in or token vouches for have a counter per
 *   address of their own, one for each API, so a flood of candidates never locks them out.
 * - A section team's release calls (`routes/releases.ts`) count against its release key, the
 *   operator's against the admin token, and those no key vouches for against their address.
 * - Greenhouse's calls (`routes/greenhouse.ts`) count against the company key they carry, never
 *   their address: Greenhouse calls for every company it serves from the same few addresses. A
 *   call without a valid key counts against its address.
 * - Anything else (no key, a wrong key, unknown routes) counts against its address.
 */
export interface RateLimitConfig {
  /** Requests per minute per session, and per address for anything anonymous. */
  perMinute: number;
  registrationsPerIpPerHour: number;
  registrationsPerBlockPerHour: number;
  registrationsPerTestPerHour: number;
  invitationChecksPerIpPerHour: number;
  signInsPerIpPerHour: number;
  /** The server clock, for how long a failed sign-in makes the next one wait. */
  now: () => number;
  /** Counts shared by every instance; see `sharedRateLimits`. */
  redis?: Redis;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A long recording sent in small chunks makes many requests in a minute. */
const UPLOAD_FACTOR = 10;
/**
 * Release calls per minute of one section team's key, and of one address without a valid key: a
 * release is a handful of calls, and an upload is up to RELEASE_MAX_BYTES.
 */
const RELEASE_CALLS_PER_MINUTE = 30;
/**
 * Health reports one session may send an hour (`routes/release-health.ts`): the shell sends one a
 * page after its first section load and one when something fails, so a candidate needs a few; a
 * forger needs a registered session for each dozen reports.
 */
export const HEALTH_REPORTS_PER_SESSION_PER_HOUR = 12;
/** New sessions a full test still takes from each address block, per hour. */
const PAST_A_FULL_TEST_PER_BLOCK = 3;
/** Counters kept in memory at once; the least recently used go first. */
const COUNTERS = 100_000;

type Bucket =
  | 'session'
  | 'upload'
  | 'register-ip'
  | 'register-block'
  | 'register-test'
  | 'register-full-test'
  | 'invitation-check'
  | 'invitation'
  | 'invitation-registration'
  | 'sign-in-ip'
  | 'sign-in-browser'
  | 'access-link'
  | 'sign-in-codes'
  | 'sign-in-failures'
  | 'sign-in-browser-failures'
  | 'admin'
  | 'operator'
  | 'review'
  | 'reviewer'
  | 'release-key'
  | 'release'
  | 'partner'
  | 'health'
  | 'ip';

/**
 * A route's own bucket, when it is not counted by its session key: counted by `admitSender`, once
 * the route knows who sent the request (by its sender, else per address).
 */
type RouteBucket =
  | 'reviewer'
  | 'operator'
  | 'sign-in'
  | 'access-link'
  | 'invitation-check'
  | 'registration'
  | 'release'
  | 'partner'
  | 'health';

declare module 'fastify' {
  interface FastifyContextConfig {
    bucket?: RouteBucket;
  }
}

export interface RateLimits {
  /** Counts a request against its bucket; throws 429 (with Retry-After) when the bucket is full. */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts a request of a route with its own bucket against `sender` (the signed-in reviewer, the
   * admin token, the trusted browser, the live access link, the invitation, Greenhouse's key), or
   * against its address when nothing vouches for it.
   */
  admitSender(request: FastifyRequest, reply: FastifyReply, sender: string | undefined): Promise<void>;
  /** Counts an open-link registration that opens a session: its address, its block, its test. */
  admitRegistrationFor(request: FastifyRequest, reply: FastifyReply, testId: string): Promise<void>;
  /**
   * Refuses a sign-in (429) while failures for this email from where it comes, or from there at
   * all, make it wait: from `browser` (the hash of a browser trusted for this email, or of the
   * sign-in a signed-in reviewer proves their second factor from), else from its address.
   */
  admitSignInFor(request: FastifyRequest, reply: FastifyReply, email: string, browser?: string): Promise<void>;
  signInFailed(request: FastifyRequest, email: string, browser?: string): Promise<void>;
  /**
   * Counts a wrong code for the sign-in waiting for it (`challenge`, its cookie's hash); true once
   * it has had `WRONG_CODES_PER_SIGN_IN`. Its cookie works from any address, where the failures of
   * `signInFailed` are counted, so the sign-in itself bounds the guesses made with it.
   */
  codeRefusedFor(request: FastifyRequest, challenge: string): Promise<boolean>;
  signInSucceeded(request: FastifyRequest, email: string, browser?: string): Promise<void>;
}

/** What every limit counted by address counts (`limitedAddress`: an IPv6 address by its /64). */
const addressOf = (request: FastifyRequest) => limitedAddress(request.ip);

export async function registerRateLimits(api: FastifyInstance, config: RateLimitConfig): Promise<RateLimits> {
  await api.register(rateLimit, { global: false, ...sharedRateLimits(config.redis, 'api') });
  const subjects = new WeakMap<FastifyRequest, string>();
  const countedBySender = new WeakSet<FastifyRequest>();
  const signIns = createSignInThrottle(config.redis);
  const limiter = (bucket: Bucket, max: number, timeWindow: number) => {
    const options = {
      max,
      timeWindow,
      // Each limiter keeps its own counters in memory; the store reads its size from these
      // options, though the plugin's types leave it out (5000 would be too few for many sessions).
      cache: COUNTERS,
      // The bucket's name is part of the key, so buckets stay apart in a shared store too.
      keyGenerator: (request: FastifyRequest) => `${bucket}:${subjects.get(request) ?? addressOf(request)}`,
    };
    const check = api.createRateLimit(options as Parameters<FastifyInstance['createRateLimit']>[0]);
    return { bucket, check };
  };
  const limiters = {
    session: limiter('session', config.perMinute, MINUTE),
    upload: limiter('upload', config.perMinute * UPLOAD_FACTOR, MINUTE),
    registerIp: limiter('register-ip', config.registrationsPerIpPerHour, HOUR),
    registerBlock: limiter('register-block', config.registrationsPerBlockPerHour, HOUR),
    registerTest: limiter('register-test', config.registrationsPerTestPerHour, HOUR),
    registerFullTest: limiter('register-full-test', PAST_A_FULL_TEST_PER_BLOCK, HOUR),
    invitationCheck: limiter('invitation-check', config.invitationChecksPerIpPerHour, HOUR),
    invitation: limiter('invitation', config.invitationChecksPerIpPerHour, HOUR),
    invitationRegistration: limiter('invitation-registration', config.perMinute, MINUTE),
    signInIp: limiter('sign-in-ip', config.signInsPerIpPerHour, HOUR),
    signInBrowser: limiter('sign-in-browser', config.signInsPerIpPerHour, HOUR),
    accessLink: limiter('access-link', config.signInsPerIpPerHour, HOUR),
    signInCodes: limiter('sign-in-codes', WRONG_CODES_PER_SIGN_IN - 1, TWO_FACTOR_CHALLENGE_MINUTES * MINUTE),
    admin: limiter('admin', config.perMinute, MINUTE),
    operator: limiter('operator', config.perMinute, MINUTE),
    review: limiter('review', config.perMinute, MINUTE),
    reviewer: limiter('reviewer', config.perMinute, MINUTE),
    releaseKey: limiter('release-key', RELEASE_CALLS_PER_MINUTE, MINUTE),
    release: limiter('release', RELEASE_CALLS_PER_MINUTE, MINUTE),
    partner: limiter('partner', config.perMinute, MINUTE),
    health: limiter('health', HEALTH_REPORTS_PER_SESSION_PER_HOUR, HOUR),
    ip: limiter('ip', config.perMinute, MINUTE),
  };

  type Limiter = (typeof limiters)[keyof typeof limiters];
  const senderLimiters: Record<RouteBucket, [Limiter, Limiter]> = {
    reviewer: [limiters.reviewer, limiters.review],
    operator: [limiters.operator, limiters.admin],
    'sign-in': [limiters.signInBrowser, limiters.signInIp],
    'access-link': [limiters.accessLink, limiters.signInIp],
    'invitation-check': [limiters.invitation, limiters.invitationCheck],
    registration: [limiters.invitationRegistration, limiters.ip],
    release: [limiters.releaseKey, limiters.release],
    partner: [limiters.partner, limiters.ip],
    health: [limiters.health, limiters.ip],
  };
  /** Where a sign-in's failures are counted: its trusted browser, or its address. */
  const origin = (request: FastifyRequest, browser: string | undefined) =>
    browser ? `browser ${browser}` : addressOf(request);

  /** Counts the request against `subject` in the limiter's bucket; the refusal, if it is full. */
  async function attempt(request: FastifyRequest, { bucket, check }: Limiter, subject: string) {
    subjects.set(request, subject);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    return { bucket, retryAfter: result.ttlInSeconds };
  }

  function refuse(reply: FastifyReply, { bucket, retryAfter }: { bucket: Bucket; retryAfter: number }): never {
    reply.header('Retry-After', String(retryAfter));
    throw new HttpError(429, `${tooMany[bucket]}; try again in ${retryAfter} s`);
  }

  async function count(request: FastifyRequest, reply: FastifyReply, limiter: Limiter, subject: string) {
    const refusal = await attempt(request, limiter, subject);
    if (refusal) refuse(reply, refusal);
  }

  return {
    admit(request, reply) {
      const session = request.candidate?.session;
      const access = accessOf(request);
      if (session && access === 'upload') return count(request, reply, limiters.upload, session.sessionId);
      if (session && access) return count(request, reply, limiters.session, session.sessionId);
      // A route with a bucket of its own counts its requests itself (`admitSender`), once it knows
      // who sent them: a new session's registration, once it knows whether an invitation vouches
      // for it.
      if (request.routeOptions.config.bucket) return Promise.resolve();
      if (request.url.startsWith('/api/admin/')) return count(request, reply, limiters.admin, addressOf(request));
      if (request.url.startsWith('/api/review/')) return count(request, reply, limiters.review, addressOf(request));
      return count(request, reply, limiters.ip, addressOf(request));
    },
    admitSender(request, reply, sender) {
      const [bySender, byAddress] = senderLimiters[request.routeOptions.config.bucket as RouteBucket];
      if (!sender) return count(request, reply, byAddress, addressOf(request));
      countedBySender.add(request);
      return count(request, reply, bySender, sender);
    },
    async admitRegistrationFor(request, reply, testId) {
      const block = addressBlock(request.ip);
      await count(request, reply, limiters.registerIp, addressOf(request));
      await count(request, reply, limiters.registerBlock, block);
      const full = await attempt(request, limiters.registerTest, testId);
      if (!full) return;
      const pastFull = await attempt(request, limiters.registerFullTest, `${testId}:${block}`);
      if (pastFull) refuse(reply, pastFull);
    },
    async admitSignInFor(request, reply, email, browser) {
      // A browser trusted for another reviewer vouches for nobody else: this one counts at its address too.
      if (!browser && countedBySender.has(request)) await count(request, reply, limiters.signInIp, addressOf(request));
      const wait = await signIns.waitSeconds(email.toLowerCase(), origin(request, browser), config.now());
      if (wait > 0)
        refuse(reply, { bucket: browser ? 'sign-in-browser-failures' : 'sign-in-failures', retryAfter: wait });
    },
    signInFailed: (request, email, browser) =>
      signIns.failed(email.toLowerCase(), origin(request, browser), config.now()),
    codeRefusedFor: async (request, challenge) =>
      (await attempt(request, limiters.signInCodes, challenge)) !== undefined,
    signInSucceeded: (request, email, browser) => signIns.succeeded(email.toLowerCase(), origin(request, browser)),
  };
}

const tooMany: Record<Bucket, string> = {
  session: 'Too many requests from this session',
  health: 'Too many health reports from this session',
  upload: 'Too many upload requests from this session',
  'register-ip': 'Too many registrations from this address',
  'register-block': 'Too many registrations from this network',
  'register-test': 'Too many registrations for this test',
  'register-full-test': 'This test is taking many new candidates just now, and a few from each network',
  'invitation-check': 'Too many invitation checks from this address',
  invitation: 'Too many checks of this invitation',
  'invitation-registration': 'Too many registrations with this invitation',
  'sign-in-ip': 'Too many sign-in attempts from this address',
  'sign-in-browser': 'Too many sign-in attempts from this browser',
  'access-link': 'Too many requests with this link',
  'sign-in-codes': TWO_FACTOR_TOO_MANY_CODES,
  'sign-in-failures': 'Too many failed sign-ins from this address',
  'sign-in-browser-failures': 'Too many failed sign-ins from this browser',
  admin: 'Too many admin requests',
  operator: 'Too many requests with the admin token',
  review: 'Too many review requests',
  reviewer: 'Too many requests from your sign-in',
  'release-key': 'Too many release calls with this key',
  release: 'Too many release calls from this address',
  partner: 'Too many requests with this Greenhouse key',
  ip: 'Too many requests',
};
