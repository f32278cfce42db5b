import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import type { FastifyRequest } from 'fastify';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';
import type { SessionStore } from '../storage/sessions/session-store.ts';
import { requireFound } from './candidates.ts';

export function signedIn(request: FastifyRequest) {
  if (!request.reviewer) throw new Error('Reviewer routes run after the sign-in check');
  return request.reviewer;
}

/**
 * Company scoping: a test, candidate or invitation of another company is answered exactly as one
 * that does not exist (404, never 403), so nothing about other companies can be learnt by guessing.
 */
export function companyTest(request: FastifyRequest, testId: string): TestDefinition {
  const test = getTest(testId);
  const ours = test && companyIdOf(test) === signedIn(request).company.companyId ? test : undefined;
  return requireFound(ours, 'test');
}

export async function companySession(sessions: SessionStore, request: FastifyRequest, sessionId: string) {
  const record = await sessions.getSession(sessionId);
  // A preview link's session is a section team's look at a release, never a company's candidate.
  const test = record && record.previewReleaseId === null ? getTest(record.testId) : undefined;
  const ours =
    record && test && companyIdOf(test) === signedIn(request).company.companyId ? { record, test } : undefined;
  return requireFound(ours, 'candidate');
}

export async function companyInvitation(invitations: InvitationStore, request: FastifyRequest, invitationId: string) {
  const invitation = await invitations.getInvitation(invitationId);
  const test = invitation && getTest(invitation.testId);
  const ours = test && companyIdOf(test) === signedIn(request).company.companyId ? invitation : undefined;
  return requireFound(ours, 'invitation');
}
