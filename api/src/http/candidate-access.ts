import { createHash } from 'node:crypto';
import { SESSION_KEY_HEADER, sessionKeySchema } from '@assessment/core';
import type { FastifyRequest } from 'fastify';
import { closedInvitationError, SessionErasedError } from '../storage/errors.ts';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';
import type { OpenedSession, SessionStore } from '../storage/sessions/session-store.ts';
import { HttpError, toHttpError } from './errors.ts';

/**
 * Which writes a request may make, from the session key it carries. The key is a secret only the
 * candidate's browser holds; the database keeps its SHA-256 (the key is 256 random bits, so a
 * fast hash is as good as a slow one), which any server instance can check.
 *
 * - `registration`: any well-formed key; the registration opens a session bound to it, or must be
 *   for the session the key already opened.
 * - `session`, `upload`: the key must belong to a session, and the write must be for that session.
 * - `report`: what the page saw of the product itself, not the candidate's data. The key must have
 *   opened a session; an erased session's report and a closed invitation's are not refused, since
 *   a page that loaded before either still reports what it saw, and telling it 410 helps nobody.
 *
 * A session opened through a personal invitation takes nothing more once the invitation is revoked
 * or expired (410, naming which); what it stored before stays.
 */
export type Access = 'registration' | 'session' | 'upload' | 'report';

export interface Candidate {
  keyHash: string;
  /** The session this key opened, if it opened one. */
  session: OpenedSession | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    candidate: Candidate | undefined;
  }
}

const headerName = SESSION_KEY_HEADER.toLowerCase();

export function hashSessionKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function accessOf(request: FastifyRequest): Access | undefined {
  return request.method === 'OPTIONS' ? undefined : request.routeOptions.config.access;
}

/**
 * Sets `request.candidate` and returns why the request may not go on, if it may not. Runs before
 * the body is read, so a write without a valid key costs the server almost nothing.
 */
export async function identifyCandidate(
  request: FastifyRequest,
  { sessions, invitations }: { sessions: SessionStore; invitations: InvitationStore },
  now: number,
): Promise<HttpError | undefined> {
  const access = accessOf(request);
  if (!access) return undefined;
  const key = request.headers[headerName];
  if (typeof key !== 'string' || !sessionKeySchema.safeParse(key).success) {
    return new HttpError(401, `This request needs the ${SESSION_KEY_HEADER} header of the browser that registered`);
  }
  const keyHash = hashSessionKey(key);
  const standing = await sessions.keyStanding(keyHash);
  const session = standing === 'erased' ? undefined : standing;
  request.candidate = { keyHash, session };
  if (standing === 'erased') {
    // An erased session's browser is told so, for every call about its data: it is gone, not lost.
    return access === 'report' ? undefined : toHttpError(new SessionErasedError());
  }
  // A report may come from a page whose registration is still on its way: it counts nothing.
  if (!session && access !== 'registration' && access !== 'report') {
    return new HttpError(403, `This ${SESSION_KEY_HEADER} belongs to no registered session`);
  }
  return session?.invitationId && access !== 'report'
    ? closedInvitation(invitations, session.invitationId, now)
    : undefined;
}

/** 410 when the session's invitation no longer opens the assessment. */
async function closedInvitation(
  invitations: InvitationStore,
  invitationId: string,
  now: number,
): Promise<HttpError | undefined> {
  const invitation = await invitations.getInvitation(invitationId);
  if (!invitation) return undefined;
  const closed = closedInvitationError(invitation, now);
  return closed && toHttpError(closed);
}

/** The hash of a session key sent with a request that does not need one, when it is well formed. */
export function optionalKeyHash(request: FastifyRequest): string | undefined {
  const key = request.headers[headerName];
  return typeof key === 'string' && sessionKeySchema.safeParse(key).success ? hashSessionKey(key) : undefined;
}

/** The session a write may change: only the one its key opened. */
export function requireOwnSession(request: FastifyRequest, sessionId: string): void {
  if (request.candidate?.session?.sessionId !== sessionId) {
    throw new HttpError(403, `Session "${sessionId}" was started in another browser; its key is not this one`);
  }
}
