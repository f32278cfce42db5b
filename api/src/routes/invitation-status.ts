import { type InvitationStatus, invitationStatusRequestSchema, inviteLinkOfWire } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { optionalKeyHash } from '../http/candidate-access.ts';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { RouteDeps } from './deps.ts';
import { openInvitation } from './registration.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/**
 * What a link opens, asked before the landing page and when a section loads: the open link and
 * whether its company allows it, or a personal link's state, extra time and expiry, and whether it
 * is this browser's (the `Session-Key` header, when sent). Counted per address like registrations:
 * it is where a token could be guessed.
 */
export function registerInvitationStatusRoute(
  app: FastifyInstance,
  { sessions, invitations, now }: Pick<RouteDeps, 'sessions' | 'invitations' | 'now'>,
): void {
  app.post(
    '/api/invitation-status',
    { config: { bucket: 'invitation-check' }, bodyLimit: SMALL_BODY_LIMIT },
    async (request): Promise<InvitationStatus> => {
      const { testId, invitationToken } = inviteLinkOfWire(
        parseOrRefuse(invitationStatusRequestSchema, request.body),
      ).link;
      requireTest(testId);
      if (invitationToken === null) {
        return { kind: 'open', openLinkAllowed: await invitations.openLinkAllowed(testId) };
      }
      const { invitation, state } = await openInvitation(invitations, testId, invitationToken, now());
      const keyHash = optionalKeyHash(request);
      const session = keyHash === undefined ? undefined : await sessions.sessionOfKey(keyHash);
      return {
        kind: 'personal',
        state,
        yours: invitation.sessionId !== null && session?.sessionId === invitation.sessionId,
        extraTimePercent: invitation.extraTimePercent,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        email: invitation.email,
      };
    },
  );
}
