import { sessionRefOfWire, type WireSessionRef } from '@assessment/core';
import type { FastifyRequest } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { requireTest } from '../invite.ts';
import type { SessionRef } from '../storage/sessions/session-store.ts';

/** Bodies of every candidate call below this, except the answers: they hold a few short texts. */
export const SMALL_BODY_LIMIT = 64 * 1024;

/** The session a validated payload names, in this server's names (`sessionRefOfWire` reads the wire's). */
export function sessionRefOf(payload: WireSessionRef, receivedAt: number): SessionRef {
  return { ...sessionRefOfWire(payload), receivedAt };
}

/** The session a validated payload names, once its test is known and the key is its own. */
export function ownSessionRef(request: FastifyRequest, payload: WireSessionRef, receivedAt: number): SessionRef {
  const ref = sessionRefOf(payload, receivedAt);
  requireTest(ref.testId);
  requireOwnSession(request, ref.sessionId);
  return ref;
}
