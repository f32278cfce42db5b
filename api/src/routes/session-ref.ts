import type { FastifyRequest } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { requireTest } from '../invite.ts';
import type { SessionRef } from '../storage/sessions/session-store.ts';

/** Bodies of every candidate call below this, except the answers: they hold a few short texts. */
export const SMALL_BODY_LIMIT = 64 * 1024;

/** How SPEC names a session and its test on the wire. */
export interface WireSessionRef {
  unique: string;
  data: string;
}

/** The one place the wire names become this server's: `unique` is the session id, `data` the test id. */
export function sessionRefOf(payload: WireSessionRef, receivedAt: number): SessionRef {
  return { sessionId: payload.unique, testId: payload.data, receivedAt };
}

/** The session a validated payload names, once its test is known and the key is its own. */
export function ownSessionRef(request: FastifyRequest, payload: WireSessionRef, receivedAt: number): SessionRef {
  requireTest(payload.data);
  requireOwnSession(request, payload.unique);
  return sessionRefOf(payload, receivedAt);
}
