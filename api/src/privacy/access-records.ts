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

function lookEntries(
  looker: Looker,
  sessions: readonly { sessionId: string; testId: string }[],
  action: AccessAction,
  at: number,
  detail: string | null,
): AccessEntry[] {
  const entries: AccessEntry[] = [];
  for (const { sessionId, testId } of sessions) {
    const test = getTest(testId);
    if (!test) continue;
    entries.push({
      sessionId,
      invitationId: null,
      companyId: companyIdOf(test),
      actor: looker.actor,
      actorRole: looker.role,
      action,
      detail,
      at,
      address: looker.address,
    });
  }
  return entries;
}

export async function recordLooks(
  access: AccessLogStore,
  looker: Looker,
  sessions: readonly { sessionId: string; testId: string }[],
  action: AccessAction,
  at: number,
  detail: string | null = null,
): Promise<void> {
  await access.record(lookEntries(looker, sessions, action, at, detail));
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

/**
 * How long one person's views of a test's candidate list are one look at each candidate shown:
 * paging, sorting and refreshing within it are that look.
 */
const LIST_LOOK_MS = 10 * 60_000;

/** The detail of a list look at a candidate blind review hides: their code, scores and stage, no name. */
const LISTED_BY_CODE = 'by code';

/**
 * Puts each candidate a page of the candidate list shows on record as `listed` for whoever is
 * shown it, as a video is: one person's looks within `LIST_LOOK_MS` of their last recorded one
 * are that look. A candidate blind review hides is on record as shown by code; once the same
 * person is shown their name and email, that is a new look. One query finds the page's recent
 * looks, and one write records the rest, however long the page.
 */
export async function recordListLooks(
  access: AccessLogStore,
  looker: Looker,
  shown: readonly { sessionId: string; testId: string; byCode: boolean }[],
  at: number,
): Promise<void> {
  if (shown.length === 0) return;
  const detailOf = (row: { byCode: boolean }) => (row.byCode ? LISTED_BY_CODE : null);
  const recent = await access.looksSince({
    sessionIds: shown.map((row) => row.sessionId),
    actor: looker.actor,
    action: 'listed',
    since: at - LIST_LOOK_MS,
  });
  const lookKey = (sessionId: string, detail: string | null) => JSON.stringify([sessionId, detail]);
  const recorded = new Set(recent.map((look) => lookKey(look.id, look.detail)));
  const fresh = shown.filter((row) => !recorded.has(lookKey(row.sessionId, detailOf(row))));
  await access.record(fresh.flatMap((row) => lookEntries(looker, [row], 'listed', at, detailOf(row))));
}
