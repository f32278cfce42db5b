import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type Company,
  CSRF_HEADER,
  companyOf,
  SIGN_IN_REFUSED,
  type SignInAnswer,
  signInCodeSchema,
  signInSchema,
  TWO_FACTOR_CHALLENGE_GONE,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_CODE_REFUSED,
  TWO_FACTOR_REQUIRED,
  TWO_FACTOR_TOO_MANY_CODES,
} from '@assessment/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { ReviewerStore, StoredReviewer } from '../storage/reviewers/reviewer-store.ts';
import type { TwoFactorStore } from '../storage/two-factor/two-factor-store.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { normalizeEmail } from './reviewer-accounts.ts';
import { secondFactorHolds } from './two-factor.ts';

/**
 * A reviewer's sign-in: a random id in an HttpOnly, SameSite=Strict cookie scoped to the reviewer
 * API, and only its SHA-256 in the database, so any instance can check it and a copy of the
 * database opens nothing. It ends after 12 hours without use, and 7 days after it began whatever
 * the use. Every change also needs the sign-in's CSRF token in a header, which a page of another
 * site can neither read nor send.
 *
 * With two-factor sign-in on, a right password starts no sign-in: it gets a second cookie like the
 * first (random, HttpOnly, SameSite=Strict, only its hash kept) that for 5 minutes lets a code
 * finish the sign-in. A wrong code counts as a failed sign-in of that email from that address.
 *
 * A finished sign-in also trusts the browser it came from, for that reviewer, for 90 days (OWASP's
 * device cookies against online guessing): a third cookie like the first. That reviewer's next
 * sign-ins from it are counted against the browser, not its address (`http/rate-limits.ts`), so
 * nobody else at the address, failing or flooding, can keep them out; any other sign-in is
 * counted against its address, as before.
 */

const REVIEW_COOKIE = 'review_session';
const CHALLENGE_COOKIE = 'review_two_factor';
const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;
const BROWSER_COOKIE = 'review_browser';
const BROWSER_TRUST_MS = 90 * 24 * 60 * 60_000;
const COOKIE_PATH = '/api/review';
const IDLE_MS = 12 * 60 * 60_000;
const ABSOLUTE_MS = 7 * 24 * 60 * 60_000;
/** A sign-in's last use is written at most once a minute: a page of requests costs one write. */
const TOUCH_AFTER_MS = 60_000;

export interface SignedInReviewer {
  reviewer: StoredReviewer;
  company: Company;
  csrfToken: string;
  sessionHash: string;
  /** Whether the company requires two-factor sign-in, and whether the reviewer has it on. */
  twoFactor: { required: boolean; on: boolean };
}

/** A browser its cookie shows a reviewer signed in from, while the trust lasts. */
export interface TrustedBrowser {
  browserHash: string;
  reviewer: StoredReviewer;
}

declare module 'fastify' {
  interface FastifyRequest {
    reviewer: SignedInReviewer | undefined;
    /** Set on the sign-in routes only, before they are counted. */
    trustedBrowser: TrustedBrowser | undefined;
  }
  interface FastifyContextConfig {
    /**
     * Open to a signed-in reviewer whose company requires two-factor sign-in before they have it
     * on: who they are, signing out, and setting it up. Every other reviewer route answers 403.
     */
    beforeTwoFactor?: boolean;
    /** Answered without a sign-in too (`request.reviewer` then unset): who is signed in, if anyone. */
    signedOutAllowed?: boolean;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const sessionHashOf = (sessionId: string) => sha256(sessionId).toString('hex');

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    // `request.protocol` reads X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    secure: request.protocol === 'https',
  };
}

/**
 * A sign-in comes from this site's own page: SameSite keeps the cookie from other sites, and a
 * browser names the page's origin on every POST, which must then be this one.
 */
export function requireOwnOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, 'Sign in from the review page of this site');
  }
}

/** Sets `request.trustedBrowser` when the request's browser cookie is one a reviewer still trusts. */
export async function findTrustedBrowser(request: FastifyRequest, reviewers: ReviewerStore, now: number) {
  const secret = request.cookies[BROWSER_COOKIE];
  if (!secret) return;
  const browserHash = sessionHashOf(secret);
  const reviewer = await reviewers.trustedBrowserReviewer(browserHash, now);
  if (reviewer) request.trustedBrowser = { browserHash, reviewer };
}

/** The browser's hash when it is trusted for this email; a browser vouches for its own reviewer only. */
const browserTrustedFor = (request: FastifyRequest, email: string) =>
  request.trustedBrowser?.reviewer.email === email ? request.trustedBrowser.browserHash : undefined;

type SignInDeps = { reviewers: ReviewerStore; twoFactor: TwoFactorStore; limits: RateLimits; now: () => number };

/** A right password: signed in, or, with two-factor sign-in on, a code is needed next. */
export async function signIn(request: FastifyRequest, reply: FastifyReply, deps: SignInDeps): Promise<SignInAnswer> {
  const { reviewers, twoFactor, limits, now } = deps;
  requireOwnOrigin(request);
  const { email, password } = parseOrRefuse(signInSchema, request.body);
  const normalized = normalizeEmail(email);
  const browser = browserTrustedFor(request, normalized);
  await limits.admitSignInFor(request, reply, normalized, browser);
  const reviewer = await reviewers.reviewerOfEmail(normalized);
  const valid = reviewer ? await verifyPassword(reviewer.passwordHash, password) : await verifyAgainstDecoy(password);
  if (!reviewer || !valid) {
    await limits.signInFailed(request, normalized, browser);
    throw new HttpError(401, SIGN_IN_REFUSED);
  }
  const held = await twoFactor.twoFactorSecret(reviewer.reviewerId);
  if (!held || held.confirmedAt === null) {
    await limits.signInSucceeded(request, normalized, browser);
    await startSignIn(request, reply, reviewers, reviewer, now());
    return undefined;
  }
  // The failures of this email stay counted until the code is right too: a password alone does
  // not buy more guesses at the code.
  const challenge = randomBytes(32).toString('base64url');
  const createdAt = now();
  const expiresAt = createdAt + CHALLENGE_MS;
  await twoFactor.startTwoFactorChallenge({
    challengeHash: sessionHashOf(challenge),
    reviewerId: reviewer.reviewerId,
    createdAt,
    expiresAt,
  });
  reply.setCookie(CHALLENGE_COOKIE, challenge, { ...cookieOptions(request), maxAge: CHALLENGE_MS / 1000 });
  return { codeNeeded: true, expiresAt: new Date(expiresAt).toISOString() };
}

/** The second step: a code of the reviewer's app, or a recovery code, after a right password. */
export async function signInWithCode(request: FastifyRequest, reply: FastifyReply, deps: SignInDeps): Promise<void> {
  const { reviewers, twoFactor, limits, now } = deps;
  requireOwnOrigin(request);
  const { code } = parseOrRefuse(signInCodeSchema, request.body);
  const challenge = request.cookies[CHALLENGE_COOKIE];
  const challengeHash = challenge ? sessionHashOf(challenge) : undefined;
  const reviewer = challengeHash ? await twoFactor.challengeReviewer(challengeHash, now()) : undefined;
  if (!challengeHash || !reviewer) {
    if (challenge) reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
    throw new HttpError(401, TWO_FACTOR_CHALLENGE_GONE);
  }
  const browser = browserTrustedFor(request, reviewer.email);
  await limits.admitSignInFor(request, reply, reviewer.email, browser);
  if (!(await secondFactorHolds(twoFactor, reviewer, code, now()))) {
    await limits.signInFailed(request, reviewer.email, browser);
    if (await limits.codeRefusedFor(request, challengeHash)) {
      await twoFactor.endTwoFactorChallenge(challengeHash);
      reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
      throw new HttpError(401, TWO_FACTOR_TOO_MANY_CODES);
    }
    throw new HttpError(401, TWO_FACTOR_CODE_REFUSED);
  }
  await limits.signInSucceeded(request, reviewer.email, browser);
  await twoFactor.endTwoFactorChallenge(challengeHash);
  reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
  await startSignIn(request, reply, reviewers, reviewer, now());
}

async function startSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  reviewers: ReviewerStore,
  reviewer: StoredReviewer,
  createdAt: number,
): Promise<void> {
  const sessionId = randomBytes(32).toString('base64url');
  await reviewers.startReviewerSession(
    {
      sessionHash: sessionHashOf(sessionId),
      reviewerId: reviewer.reviewerId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt,
      expiresAt: createdAt + ABSOLUTE_MS,
    },
    IDLE_MS,
  );
  reply.setCookie(REVIEW_COOKIE, sessionId, { ...cookieOptions(request), maxAge: ABSOLUTE_MS / 1000 });
  if (request.trustedBrowser?.reviewer.reviewerId === reviewer.reviewerId) return;
  const browserSecret = randomBytes(32).toString('base64url');
  await reviewers.trustBrowser(
    sessionHashOf(browserSecret),
    reviewer.reviewerId,
    createdAt,
    createdAt + BROWSER_TRUST_MS,
  );
  reply.setCookie(BROWSER_COOKIE, browserSecret, { ...cookieOptions(request), maxAge: BROWSER_TRUST_MS / 1000 });
}

/** Ends this sign-in (in the database, so on every instance) and clears the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply, reviewers: ReviewerStore): Promise<void> {
  if (request.reviewer) await reviewers.endReviewerSession(request.reviewer.sessionHash);
  reply.clearCookie(REVIEW_COOKIE, cookieOptions(request));
}

/**
 * Sets `request.reviewer` from the cookie, or refuses: 401 without a live sign-in, 403 for a
 * change without the sign-in's CSRF token, and 403 for anything but `beforeTwoFactor` routes while
 * the company requires two-factor sign-in and the reviewer has not set it up.
 */
export async function requireReviewer(
  request: FastifyRequest,
  reply: FastifyReply,
  { reviewers, twoFactor }: { reviewers: ReviewerStore; twoFactor: TwoFactorStore },
  now: number,
): Promise<void> {
  const sessionId = request.cookies[REVIEW_COOKIE];
  const session = sessionId ? await reviewers.reviewerSession(sessionHashOf(sessionId)) : undefined;
  const company = session && companyOf(session.reviewer.companyId);
  if (!session || !company || now >= session.expiresAt || now - session.lastSeenAt >= IDLE_MS) {
    if (sessionId) reply.clearCookie(REVIEW_COOKIE, cookieOptions(request));
    throw new HttpError(401, 'Please sign in');
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const token = request.headers[CSRF_HEADER.toLowerCase()];
    if (typeof token !== 'string' || !sameSecret(token, session.csrfToken)) {
      throw new HttpError(403, `This change needs the ${CSRF_HEADER} header of your sign-in; reload the page`);
    }
  }
  if (now - session.lastSeenAt >= TOUCH_AFTER_MS) await reviewers.touchReviewerSession(session.sessionHash, now);
  request.reviewer = {
    reviewer: session.reviewer,
    company,
    csrfToken: session.csrfToken,
    sessionHash: session.sessionHash,
    twoFactor: await twoFactor.twoFactorGate(company.companyId, session.reviewer.reviewerId),
  };
  if (request.routeOptions.config.beforeTwoFactor) return;
  const { required, on } = request.reviewer.twoFactor;
  if (required && !on) throw new HttpError(403, TWO_FACTOR_REQUIRED);
}

/** The signed-in reviewer, when they are one of their company's admins; 403 otherwise. */
export function requireCompanyAdmin(request: FastifyRequest): SignedInReviewer {
  const signedIn = request.reviewer;
  if (!signedIn) throw new Error('Admin routes run after the sign-in check');
  if (signedIn.reviewer.role !== 'admin') throw new HttpError(403, 'Only an admin of the company can do this');
  return signedIn;
}
