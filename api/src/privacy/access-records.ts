import { type AccessAction, companyIdOf, getTest } from '@assessment/core';
import type { FastifyRequest } from 'fastify';
import { currentVideo } from '../admin/session-view.ts';
import type { AccessEntry, AccessLogStore } from '../storage/access/access-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';

/**
 * Puts a look at candidates on record before it is answered (SPEC section 0): a reviewer as their
 * email and role, anything else (the admin API's token, the export command) as the operator.
 * A look that cannot be recorded is not given.
 */
export interface Looker {
  actor: string;
  role: AccessEntry['actorRole'];
  address: string;
}

export function lookerOf(request: FastifyRequest): Looker {
  const signedIn = request.reviewer;
  return signedIn
    ? { actor: signedIn.reviewer.email, role: signedIn.reviewer.role, address: request.ip }
    : { actor: 'operator', role: 'operator', address: request.ip };
}

/** The operator at the command line (the export). */
export const COMMAND_LINE: Looker = { actor: 'operator', role: 'operator', address: 'command line' };

export async function recordLooks(
  access: AccessLogStore,
  looker: Looker,
  sessions: readonly { sessionId: string; testId: string }[],
  action: AccessAction,
  at: number,
  detail: string | null = null,
): Promise<void> {
  const entries: AccessEntry[] = [];
  for (const { sessionId, testId } of sessions) {
    const test = getTest(testId);
    if (!test) continue;
    entries.push({
      sessionId,
      companyId: companyIdOf(test),
      actor: looker.actor,
      actorRole: looker.role,
      action,
      detail,
      at,
      address: looker.address,
    });
  }
  await access.record(entries);
}

/**
 * A change to a personal invitation is a change about its candidate once one is bound to it: it
 * goes on their record with the other looks (`detail` says what changed).
 */
export async function recordInvitationChange(
  access: AccessLogStore,
  looker: Looker,
  invitation: { sessionId: string | null; testId: string },
  detail: string,
  at: number,
): Promise<void> {
  if (invitation.sessionId === null) return;
  await recordLooks(
    access,
    looker,
    [{ sessionId: invitation.sessionId, testId: invitation.testId }],
    'changed',
    at,
    detail,
  );
}

/** How long one person's requests for a video are one look: a player's ranges while it plays or seeks. */
const VIDEO_LOOK_MS = 10 * 60_000;

/**
 * Puts a look at a session's finished video on record for whoever is sent any of it, whatever
 * range they ask for: a record kept only for a range at byte 0 let `bytes=1-` or a suffix range
 * take the whole video unseen. One person's requests within `VIDEO_LOOK_MS` of their last recorded
 * look are that look.
 */
export async function recordVideoLook(
  access: AccessLogStore,
  looker: Looker,
  record: SessionRecord,
  at: number,
): Promise<void> {
  if (currentVideo(record.videos)?.completedAt == null) return;
  const last = await access.lastLook(record.sessionId, looker.actor, 'video');
  if (last !== undefined && at - last < VIDEO_LOOK_MS) return;
  await recordLooks(access, looker, [record], 'video', at);
}
