import { type AccessAction, companyIdOf, getTest, type InvitationState } from '@assessment/core';
import type { FastifyRequest } from 'fastify';
import { currentVideo } from '../admin/session-view.ts';
import type { AccessEntry, AccessLogStore, LookedAt } from '../storage/access/access-store.ts';
import type { DeliveryKind } from '../storage/deliveries/delivery-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';

/**
 * Puts a look at candidates on record before it is answered (SPEC section 0): a reviewer as their
 * email and role, Greenhouse as itself (`ats`) with its key's name, anything else (the admin
 * API's token, the export command) as the operator. A look that cannot be recorded is not given.
 */
export interface Looker {
  actor: string;
  role: AccessEntry['actorRole'];
  address: string;
  /** What the company's admins read of who it was beyond the actor: the name of Greenhouse's key. */
  detail?: string;
}

export function lookerOf(request: FastifyRequest): Looker {
  const signedIn = request.reviewer;
  return signedIn
    ? { actor: signedIn.reviewer.email, role: signedIn.reviewer.role, address: request.ip }
    : { actor: 'operator', role: 'operator', address: request.ip };
}

/** The operator at the command line (the export). */
export const COMMAND_LINE: Looker = { actor: 'operator', role: 'operator', address: 'command line' };

/** The company a test is of; none for a test no longer in the catalogue. */
function companyOfTest(testId: string): string | undefined {
  const test = getTest(testId);
  return test && companyIdOf(test);
}

function lookEntries(
  looker: Looker,
  shown: readonly { lookedAt: LookedAt; companyId: string | undefined }[],
  action: AccessAction,
  at: number,
  detail: string | null,
): AccessEntry[] {
  const entries: AccessEntry[] = [];
  for (const { lookedAt, companyId } of shown) {
    if (companyId === undefined) continue;
    entries.push({
      ...lookedAt,
      companyId,
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

const sessionsShown = (sessions: readonly { sessionId: string; testId: string }[]) =>
  sessions.map(({ sessionId, testId }) => ({
    lookedAt: { sessionId, invitationId: null },
    companyId: companyOfTest(testId),
  }));

export async function recordLooks(
  access: AccessLogStore,
  looker: Looker,
  sessions: readonly { sessionId: string; testId: string }[],
  action: AccessAction,
  at: number,
  detail: string | null = null,
): Promise<void> {
  await access.record(lookEntries(looker, sessionsShown(sessions), action, at, detail));
}

/**
 * Puts a reveal of a candidate blind review hid on record: `revealed`, for who they are. Its answer
 * is the whole candidate, so it is an opening too unless this person's opening of the candidate is
 * on record already, as the review page's is, which opens a candidate before revealing them: a
 * client calling the reveal straight would otherwise leave no record of seeing the rest.
 */
export async function recordReveal(
  access: AccessLogStore,
  looker: Looker,
  session: { sessionId: string; testId: string },
  at: number,
): Promise<void> {
  const openedBefore = (await access.lastLook(session.sessionId, looker.actor, 'opened')) !== undefined;
  const actions: AccessAction[] = openedBefore ? ['revealed'] : ['opened', 'revealed'];
  const shown = sessionsShown([session]);
  await access.record(actions.flatMap((action) => lookEntries(looker, shown, action, at, null)));
}

/**
 * A change to a personal invitation shows its invitee's name and email to whoever makes it: it
 * goes on record as `changed` (`detail` says what changed), with the candidate's other looks once
 * one is bound to it, and by the invitation before that, as a look at it in the list of
 * invitations is (`recordInvitationListLooks`), so the candidate who then starts is shown it too.
 */
export async function recordInvitationChange(
  access: AccessLogStore,
  looker: Looker,
  invitation: { invitationId: string; sessionId: string | null; testId: string },
  detail: string,
  at: number,
): Promise<void> {
  const lookedAt: LookedAt =
    invitation.sessionId === null
      ? { sessionId: null, invitationId: invitation.invitationId }
      : { sessionId: invitation.sessionId, invitationId: null };
  await access.record(
    lookEntries(looker, [{ lookedAt, companyId: companyOfTest(invitation.testId) }], 'changed', at, detail),
  );
}

/** How long Greenhouse's reads of one test's status are one look: the reads a `PATCH` or a poll set off together. */
const STATUS_LOOK_MS = 10 * 60_000;

/**
 * Puts Greenhouse's read of a test's status (`test_status`) on record as `status`, by whom the
 * answer is about: the candidate once they started, else their personal invitation. Reads within
 * `STATUS_LOOK_MS` of the last one recorded are that look.
 */
export async function recordStatusLook(
  access: AccessLogStore,
  looker: Looker,
  invitation: { invitationId: string; sessionId: string | null; testId: string },
  at: number,
): Promise<void> {
  const recent = await access.looksSince({
    ...(invitation.sessionId === null
      ? { invitationIds: [invitation.invitationId] }
      : { sessionIds: [invitation.sessionId] }),
    actor: looker.actor,
    action: 'status',
    since: at - STATUS_LOOK_MS,
  });
  if (recent.length > 0) return;
  const lookedAt: LookedAt =
    invitation.sessionId === null
      ? { sessionId: null, invitationId: invitation.invitationId }
      : { sessionId: invitation.sessionId, invitationId: null };
  await access.record(
    lookEntries(
      looker,
      [{ lookedAt, companyId: companyOfTest(invitation.testId) }],
      'status',
      at,
      looker.detail ?? null,
    ),
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
 * How long one person's views of a list of a test's people (its candidates, its invitations) are one
 * look at each person shown: paging, sorting and refreshing within it are that look.
 */
const LIST_LOOK_MS = 10 * 60_000;

/** One person a page of a list shows, by their session or their personal invitation (`id`), and how. */
interface ListedRow {
  id: string;
  companyId: string | undefined;
  detail: string | null;
}

/**
 * Puts each person a page of a list shows on record as `action` for whoever is shown it, as a video
 * is: one person's looks within `LIST_LOOK_MS` of their last recorded one, with the same detail, are
 * that look. One query finds the page's recent looks, and one write records the rest, however long
 * the page.
 */
async function recordListed(
  access: AccessLogStore,
  looker: Looker,
  list: { of: 'sessions' | 'invitations'; action: AccessAction },
  shown: readonly ListedRow[],
  at: number,
): Promise<void> {
  if (shown.length === 0) return;
  const ids = shown.map((row) => row.id);
  const recent = await access.looksSince({
    ...(list.of === 'sessions' ? { sessionIds: ids } : { invitationIds: ids }),
    actor: looker.actor,
    action: list.action,
    since: at - LIST_LOOK_MS,
  });
  const lookKey = (id: string, detail: string | null) => JSON.stringify([id, detail]);
  const recorded = new Set(recent.map((look) => lookKey(look.id, look.detail)));
  const fresh = shown.filter((row) => !recorded.has(lookKey(row.id, row.detail)));
  const lookedAt = (id: string): LookedAt =>
    list.of === 'sessions' ? { sessionId: id, invitationId: null } : { sessionId: null, invitationId: id };
  await access.record(
    fresh.flatMap((row) =>
      lookEntries(looker, [{ lookedAt: lookedAt(row.id), companyId: row.companyId }], list.action, at, row.detail),
    ),
  );
}

/** The detail of a list look at a candidate blind review hides: their code, scores and stage, no name. */
const LISTED_BY_CODE = 'by code';

/**
 * Puts each candidate a page of the candidate list shows on record as `listed` for whoever is
 * shown it. A candidate blind review hides is on record as shown by code; once the same person is
 * shown their name and email, that is a new look.
 */
export async function recordListLooks(
  access: AccessLogStore,
  looker: Looker,
  shown: readonly { sessionId: string; testId: string; byCode: boolean }[],
  at: number,
): Promise<void> {
  await recordListed(
    access,
    looker,
    { of: 'sessions', action: 'listed' },
    shown.map((row) => ({
      id: row.sessionId,
      companyId: companyOfTest(row.testId),
      detail: row.byCode ? LISTED_BY_CODE : null,
    })),
    at,
  );
}

/**
 * Puts each person a page of the list of invitations shows, by name and email, on record as
 * `listed-invitation`, by their invitation: one nobody has used yet has no session to put it on,
 * and one used is not named by its session where blind review hides which session it led to. The
 * candidate who uses or used the invitation is shown these looks with their own
 * (`AccessLogStore.ofSession`). An erased invitation shows no one, and is no look.
 */
export async function recordInvitationListLooks(
  access: AccessLogStore,
  looker: Looker,
  shown: readonly { invitationId: string; testId: string; state: InvitationState }[],
  at: number,
): Promise<void> {
  await recordListed(
    access,
    looker,
    { of: 'invitations', action: 'listed-invitation' },
    shown
      .filter((row) => row.state !== 'erased')
      .map((row) => ({ id: row.invitationId, companyId: companyOfTest(row.testId), detail: null })),
    at,
  );
}

/**
 * Puts each candidate a page of the access log names, by name, on record as `listed-log` for the
 * admin reading it, as the list of candidates does (`recordListLooks`).
 */
export async function recordLogLooks(
  access: AccessLogStore,
  looker: Looker,
  named: readonly { sessionId: string; testId: string }[],
  at: number,
): Promise<void> {
  await recordListed(
    access,
    looker,
    { of: 'sessions', action: 'listed-log' },
    named.map((row) => ({ id: row.sessionId, companyId: companyOfTest(row.testId), detail: null })),
    at,
  );
}

/**
 * Puts each candidate whose email a page of the company's messages shows, as the recipient of
 * their receipt or of their personal invitation or its reminder, on record as `listed-message` for
 * whoever is shown it: by their session for a receipt, by their invitation for the others, as the
 * list of invitations is (`recordInvitationListLooks`). A webhook's or a teammate's message names
 * no candidate.
 */
export async function recordMessageListLooks(
  access: AccessLogStore,
  looker: Looker,
  shown: readonly { kind: DeliveryKind; sessionId: string | null; invitationId: string | null; companyId: string }[],
  at: number,
): Promise<void> {
  const sessions: ListedRow[] = [];
  const invitations: ListedRow[] = [];
  for (const { kind, sessionId, invitationId, companyId } of shown) {
    if (kind === 'receipt' && sessionId !== null) sessions.push({ id: sessionId, companyId, detail: null });
    if ((kind === 'invitation' || kind === 'reminder') && invitationId !== null) {
      invitations.push({ id: invitationId, companyId, detail: null });
    }
  }
  const action = 'listed-message';
  await recordListed(access, looker, { of: 'sessions', action }, sessions, at);
  await recordListed(access, looker, { of: 'invitations', action }, invitations, at);
}
