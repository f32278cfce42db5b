import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Company, CSRF_HEADER, companyOf, SIGN_IN_REFUSED, signInSchema } from '@assessment/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { ReviewerStore, StoredReviewer } from '../storage/reviewers/reviewer-store.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { normalizeEmail } from './reviewer-accounts.ts';

/**
 * A reviewer's sign-in: a random id in an HttpOnly, SameSite=Strict cookie scoped to the reviewer
 * API, and only its SHA-256 in the database, so any instance can check it and a copy of the
 * database opens nothing. It ends after 12 hours without use, and 7 days after it began whatever
 * the use. Every change also needs the sign-in's CSRF token in a header, which a page of another
 * site can neither read nor send.
 */

const REVIEW_COOKIE = 'review_session';
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
}

declare module 'fastify' {
  interface FastifyRequest {
    reviewer: SignedInReviewer | undefined;
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

export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { reviewers, limits, now }: { reviewers: ReviewerStore; limits: RateLimits; now: () => number },
): Promise<void> {
  requireOwnOrigin(request);
  const { email, password } = parseOrRefuse(signInSchema, request.body);
  const normalized = normalizeEmail(email);
  await limits.admitSignInFor(request, reply, normalized);
  const reviewer = await reviewers.reviewerOfEmail(normalized);
  const valid = reviewer ? await verifyPassword(reviewer.passwordHash, password) : await verifyAgainstDecoy(password);
  if (!reviewer || !valid) {
    await limits.signInFailed(request, normalized);
    throw new HttpError(401, SIGN_IN_REFUSED);
  }
  await limits.signInSucceeded(request, normalized);

  const sessionId = randomBytes(32).toString('base64url');
  const createdAt = now();
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
}

/** Ends this sign-in (in the database, so on every instance) and clears the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply, reviewers: ReviewerStore): Promise<void> {
  if (request.reviewer) await reviewers.endReviewerSession(request.reviewer.sessionHash);
  reply.clearCookie(REVIEW_COOKIE, cookieOptions(request));
}

/**
 * Sets `request.reviewer` from the cookie, or refuses: 401 without a live sign-in, 403 for a
 * change without the sign-in's CSRF token.
 */
export async function requireReviewer(
  request: FastifyRequest,
  reply: FastifyReply,
  reviewers: ReviewerStore,
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
  };
}

/** The signed-in reviewer, when they are one of their company's admins; 403 otherwise. */
export function requireCompanyAdmin(request: FastifyRequest): SignedInReviewer {
  const signedIn = request.reviewer;
  if (!signedIn) throw new Error('Admin routes run after the sign-in check');
  if (signedIn.reviewer.role !== 'admin') throw new HttpError(403, 'Only an admin of the company can do this');
  return signedIn;
}
