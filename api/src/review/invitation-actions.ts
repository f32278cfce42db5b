import { randomBytes } from 'node:crypto';
import {
  bulkInvitationRequestSchema,
  createInvitationSchema,
  type InvitationsPage,
  type InvitationView,
  invitationState,
  invitationsQuerySchema,
  invitePath,
  inviteSegment,
  updateInvitationSchema,
} from '@assessment/core';
import { z } from 'zod';
import { iso } from '../admin/time.ts';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import type {
  InvitationCursor,
  InvitationStore,
  NewInvitation,
  StoredInvitation,
} from '../storage/invitations/invitation-store.ts';
import { readInvitationRows } from './bulk-invitations.ts';

/**
 * Making and changing personal invitations, for the reviewer API and the operator's (ADMIN_TOKEN)
 * alike: the callers decide who may touch which test, this decides what a change means.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** How far ahead an invitation may expire. */
const MAX_VALIDITY_MS = 366 * 24 * 60 * 60_000;

/**
 * 26 characters of lowercase base32, 130 random bits: each from the low 5 bits of a random byte,
 * uniform because the alphabet's 32 letters divide 256.
 */
function newInvitationToken(): string {
  return Array.from(randomBytes(26), (byte) => BASE32[byte & 31]).join('');
}

function newInvitationId(): string {
  return `inv_${randomBytes(8).toString('hex')}`;
}

export function invitationView(invitation: StoredInvitation, now: number): InvitationView {
  return {
    invitationId: invitation.invitationId,
    testId: invitation.testId,
    email: invitation.email,
    name: invitation.name,
    state: invitationState(invitation, now),
    createdAt: iso(invitation.createdAt) as string,
    expiresAt: iso(invitation.expiresAt) as string,
    revokedAt: iso(invitation.revokedAt),
    finishedAt: iso(invitation.finishedAt),
    extraTimePercent: invitation.extraTimePercent,
    link: invitePath(inviteSegment(invitation.testId, invitation.invitationToken)),
    sessionId: invitation.sessionId,
  };
}

function expiryOf(expiresAt: string, now: number): number {
  const at = Date.parse(expiresAt);
  if (at <= now) throw new HttpError(400, 'expiresAt: must be in the future (to end an invitation now, revoke it)');
  if (at > now + MAX_VALIDITY_MS) throw new HttpError(400, 'expiresAt: must be within a year');
  return at;
}

/** A new personal invitation of the test, with its own id and link, for the store to make. */
export function newInvitation(
  testId: string,
  row: { email: string; name: string | null; extraTimePercent: number },
  expiresAt: number,
  now: number,
): NewInvitation {
  return {
    invitationId: newInvitationId(),
    testId,
    invitationToken: newInvitationToken(),
    email: row.email,
    name: row.name,
    createdAt: now,
    expiresAt,
    extraTimePercent: row.extraTimePercent,
  };
}

const viewOfNew = (invitation: NewInvitation, now: number) =>
  invitationView({ ...invitation, revokedAt: null, sessionId: null, finishedAt: null, erasedAt: null }, now);

export async function createInvitation(
  invitations: InvitationStore,
  testId: string,
  body: unknown,
  now: number,
): Promise<InvitationView> {
  const request = parseOrRefuse(createInvitationSchema, body);
  const invitation = newInvitation(
    testId,
    { email: request.email, name: request.name || null, extraTimePercent: request.extraTimePercent },
    expiryOf(request.expiresAt, now),
    now,
  );
  await invitations.createInvitation(invitation);
  return viewOfNew(invitation, now);
}

/**
 * One invitation per row of a company's list (`readInvitationRows`), all made or none: a list
 * with any row to fix is refused (400) with every such row, so nothing is half-made.
 */
export async function createInvitations(
  invitations: InvitationStore,
  testId: string,
  body: unknown,
  now: number,
): Promise<InvitationView[]> {
  const request = parseOrRefuse(bulkInvitationRequestSchema, body);
  const expiresAt = expiryOf(request.expiresAt, now);
  const { rows, problems } = readInvitationRows(request.csv);
  if (problems.length > 0) {
    const count = problems.length === 1 ? '1 row needs' : `${problems.length} rows need`;
    throw new HttpError(400, `${count} fixing; no invitation was made`, { rows: problems });
  }
  const made = rows.map((row) => newInvitation(testId, row, expiresAt, now));
  await invitations.createInvitations(made);
  return made.map((invitation) => viewOfNew(invitation, now));
}

/** A new expiry or extra time, applied at once; a revoked invitation changes no more (409). */
export async function changeInvitation(
  invitations: InvitationStore,
  invitation: StoredInvitation,
  body: unknown,
  now: number,
): Promise<InvitationView> {
  const change = parseOrRefuse(updateInvitationSchema, body);
  if (invitation.revokedAt !== null) throw new HttpError(409, 'This invitation is revoked and can no longer change');
  const changed = await invitations.changeInvitation(invitation.invitationId, {
    ...(change.expiresAt === undefined ? {} : { expiresAt: expiryOf(change.expiresAt, now) }),
    ...(change.extraTimePercent === undefined ? {} : { extraTimePercent: change.extraTimePercent }),
  });
  return invitationView(changed ?? invitation, now);
}

export async function revokeInvitation(
  invitations: InvitationStore,
  invitation: StoredInvitation,
  now: number,
): Promise<InvitationView> {
  return invitationView((await invitations.revokeInvitation(invitation.invitationId, now)) ?? invitation, now);
}

const cursorSchema = z.tuple([z.number().int().nonnegative(), z.string().max(100)]);

function encodeInvitationCursor(cursor: InvitationCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.invitationId])).toString('base64url');
}

function decodeInvitationCursor(value: string): InvitationCursor {
  try {
    const [createdAt, invitationId] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return { createdAt, invitationId };
  } catch {
    throw new HttpError(400, 'cursor: must be the `next` of an earlier page');
  }
}

/** A page of a test's invitations, newest first. */
export async function listInvitations(
  invitations: InvitationStore,
  testId: string,
  query: unknown,
  now: number,
): Promise<InvitationsPage> {
  const { limit, cursor } = parseOrRefuse(invitationsQuerySchema, query);
  const page = await invitations.listInvitations({
    testId,
    limit,
    ...(cursor === undefined ? {} : { after: decodeInvitationCursor(cursor) }),
  });
  return {
    invitations: page.invitations.map((invitation) => invitationView(invitation, now)),
    next: page.next ? encodeInvitationCursor(page.next) : null,
  };
}
