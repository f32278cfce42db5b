import { type InvitationStatus, invitationStatusRequestSchema, inviteLinkOfWire } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { optionalKeyHash } from '../http/candidate-access.ts';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { RouteDeps } from './deps.ts';
import { invitationStanding } from './registration.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/**
 * What a link opens, asked before the landing page and when a section loads: the open link and
 * whether its company allows it, or a personal link's state, extra time and expiry, and whether it
 * is this browser's (the `Session-Key` header, when sent). A check that names a real invitation
 * of the test counts against that invitation, as its registration counts against nothing: the
 * token is the proof, so nobody else at the candidate's address can keep them from their link.
 * Anything else counts against its address, per hour: it is where a token could be guessed.
 */
export function registerInvitationStatusRoute(
  app: FastifyInstance,
  { sessions, invitations, limits, now }: Pick<RouteDeps, 'sessions' | 'invitations' | 'limits' | 'now'>,
): void {
  app.post(
    '/api/invitation-status',
    { config: { bucket: 'invitation-check' }, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply): Promise<InvitationStatus> => {
      const asked = invitationStatusRequestSchema.safeParse(request.body);
      const named = asked.success ? inviteLinkOfWire(asked.data).link : undefined;
      const found = named?.invitationToken
        ? await invitations.invitationOfToken(named.testId, named.invitationToken)
        : undefined;
      await limits.admitSender(request, reply, found?.invitationId);
      const { testId, invitationToken } =
        named ?? inviteLinkOfWire(parseOrRefuse(invitationStatusRequestSchema, request.body)).link;
      requireTest(testId);
      if (invitationToken === null) {
        return { kind: 'open', openLinkAllowed: await invitations.openLinkAllowed(testId) };
      }
      const { invitation, state } = invitationStanding(found, now());
      // For the company's funnel (`api/src/storage/insights/insights-store.ts`): counted, never a
      // reason to keep the candidate from their link.
      if (invitation.sessionId === null && invitation.erasedAt === null) {
        await invitations
          .recordOpen(invitation.invitationId, now())
          .catch((error: unknown) => request.log.warn({ err: error }, 'Keeping an invitation opening failed'));
      }
      const keyHash = optionalKeyHash(request);
      const session = keyHash === undefined ? undefined : await sessions.sessionOfKey(keyHash);
      return {
        kind: 'personal',
        state,
        yours: invitation.sessionId !== null && session?.sessionId === invitation.sessionId,
        extraTimePercent: invitation.extraTimePercent,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        email: invitation.email,
        name: invitation.name,
      };
    },
  );
}
