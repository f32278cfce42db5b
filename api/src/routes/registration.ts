import {
  INVITATION_EMAIL_ERROR,
  invitationState,
  inviteLinkOfWire,
  isClosedState,
  REGISTRATION_PATH,
  RELEASE_PREVIEW_HEADER,
  registrationSchema,
  sameEmail,
  UNKNOWN_INVITATION_ERROR,
} from '@assessment/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { HttpError, parseOrRefuse, toHttpError } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import { splitDemographics } from '../privacy/demographics.ts';
import type { ReleasePreviews } from '../releases/release-previews.ts';
import { closedStateError } from '../storage/errors.ts';
import type { InvitationStore, StoredInvitation } from '../storage/invitations/invitation-store.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT, sessionRefOf } from './session-ref.ts';

/**
 * The personal invitation of this test with this token, while its link still opens: 404 for a token
 * of no invitation of the test, 410 for a revoked or expired one. Used by the invitation check and
 * by registration; the binding itself decides again, atomically, when the session is stored.
 */
export async function openInvitation(
  invitations: InvitationStore,
  testId: string,
  invitationToken: string,
  now: number,
) {
  return invitationStanding(await invitations.invitationOfToken(testId, invitationToken), now);
}

/** A personal link's invitation and its state; 404 for none, 410 once revoked or expired. */
export function invitationStanding(invitation: StoredInvitation | undefined, now: number) {
  if (!invitation) throw new HttpError(404, UNKNOWN_INVITATION_ERROR);
  const state = invitationState(invitation, now);
  if (isClosedState(state)) throw toHttpError(closedStateError(state));
  return { invitation, state };
}

/**
 * Which invitation a registration is for: the personal link's token, else the one the browser's
 * session was opened with (the same browser registering again), else none: the open link, which
 * the test's company may have switched off for new sessions (the store refuses those, in the
 * write that would open the session).
 */
async function invitationOfRegistration(
  request: FastifyRequest,
  invitations: InvitationStore,
  testId: string,
  { invitationToken, email }: { invitationToken: string | null; email: string },
  now: number,
): Promise<string | null> {
  if (invitationToken !== null) {
    const { invitation } = await openInvitation(invitations, testId, invitationToken, now);
    // A personal link is for the person it was sent to.
    if (!sameEmail(invitation.email, email)) throw new HttpError(409, INVITATION_EMAIL_ERROR);
    return invitation.invitationId;
  }
  return request.candidate?.session?.invitationId ?? null;
}

/**
 * The preview a new session is opened to, from the tab's preview link: none without one; refused
 * once the link no longer opens (the tab is told, rather than counted as a candidate), and with a
 * personal invitation, which is a candidate's.
 */
async function previewOfRegistration(request: FastifyRequest, previews: ReleasePreviews, invitationId: string | null) {
  const token = request.headers[RELEASE_PREVIEW_HEADER.toLowerCase()];
  if (typeof token !== 'string') return undefined;
  const preview = await previews.open(token);
  if (preview.state === 'expired') {
    throw new HttpError(410, 'This preview link has expired: ask the section team for a new one');
  }
  if (preview.state === 'unknown') {
    throw new HttpError(404, 'This preview link is not valid: ask the section team for a new one');
  }
  if (invitationId !== null) {
    throw new HttpError(409, "A preview link opens a test's open link, not a personal invitation");
  }
  return preview.release;
}

/**
 * Opens a session bound to the browser's session key. The same browser may register again (a
 * reload of the landing page): same key, same session. A key that already opened a session
 * registers that session only. A personal link binds to the first session that registers with it;
 * another browser then gets 409, the same one goes on. A new session keeps the section releases it
 * was given (`releases/live-releases.ts`). A session opened through a preview link is a preview
 * (`releases/release-previews.ts`), and stays one when it registers again.
 */
export function registerRegistrationRoute(
  app: FastifyInstance,
  {
    sessions,
    invitations,
    now,
    limits,
    releases,
    liveReleases,
    releasePreviews,
  }: Pick<RouteDeps, 'sessions' | 'invitations' | 'now' | 'limits' | 'releases' | 'liveReleases' | 'releasePreviews'>,
): void {
  app.post(
    `/api${REGISTRATION_PATH}`,
    { config: { access: 'registration', bucket: 'registration' }, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const candidate = request.candidate;
      if (!candidate) throw new Error('The registration route runs after the session key check');
      // A registration of the session this key opened was counted against that session. A new
      // one is counted here, once it is known whether a personal invitation vouches for it: then
      // against the invitation, so no flood of others may refuse it; else, or when it is refused
      // before that is known, against its address.
      let counted = candidate.session !== undefined;
      try {
        const registration = parseOrRefuse(registrationSchema, request.body);
        // The token is kept with the invitation, and the demographic answer apart from the session.
        const { link, rest } = inviteLinkOfWire(registration);
        const test = requireTest(link.testId);
        const ref = sessionRefOf(registration, now());
        const { details, gender } = splitDemographics(rest, test.companyName);
        const invitationId = await invitationOfRegistration(
          request,
          invitations,
          ref.testId,
          { invitationToken: link.invitationToken, email: registration.email },
          ref.receivedAt,
        );
        if (candidate.session) requireOwnSession(request, ref.sessionId);
        else {
          counted = true;
          await limits.admitSender(request, reply, invitationId ?? undefined);
          if (invitationId === null) await limits.admitRegistrationFor(request, reply, ref.testId);
        }
        const kept = candidate.session ? await releases.pinnedSession(candidate.keyHash) : undefined;
        const previewed = kept ? undefined : await previewOfRegistration(request, releasePreviews, invitationId);
        if (previewed || kept?.previewReleaseId) {
          // Its releases are chosen now only for a session opened now; one that exists keeps its own.
          const preview = previewed
            ? {
                releaseId: previewed.release_id,
                sectionReleases: JSON.stringify(liveReleases.choose(candidate.keyHash, previewed)),
              }
            : { releaseId: kept?.previewReleaseId as string, sectionReleases: '{}' };
          await sessions.savePreviewRegistration(ref, candidate.keyHash, details, preview);
          return { ok: true };
        }
        await sessions.saveRegistration(ref, candidate.keyHash, details, invitationId, gender);
        // The section releases the session keeps from now on: chosen once, when it is opened.
        if (!candidate.session) await releases.pinSession(ref.sessionId, liveReleases.choose(candidate.keyHash));
        return { ok: true };
      } catch (refusal) {
        if (!counted) await limits.admitSender(request, reply, undefined);
        throw refusal;
      }
    },
  );
}
