import type { FastifyRequest } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { requireTest } from '../invite.ts';
import type { SessionRef } from '../storage/session-store.ts';

/** Bodies of every candidate call below this, except the answers: they hold a few short texts. */
export const SMALL_BODY_LIMIT = 64 * 1024;

/** The session a validated payload names, once its invitation is known and the key is its own. */
export function ownSessionRef(
  request: FastifyRequest,
  payload: { unique: string; data: string },
  receivedAt: number,
): SessionRef {
  requireTest(payload.data);
  requireOwnSession(request, payload.unique);
  return { sessionId: payload.unique, inviteId: payload.data, receivedAt };
}
