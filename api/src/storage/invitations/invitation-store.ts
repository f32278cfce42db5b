import { readByKey } from '../db/coalesced.ts';
import type { Storage } from '../db/storage.ts';
import { toInvitation } from './invitation-rows.ts';

/**
 * Personal invitations and each test's open-link setting. Times are ms since the epoch, from the
 * server clock.
 */

export interface StoredInvitation {
  invitationId: string;
  testId: string;
  /**
   * The unguessable part of the link (its `token` column); stored as is, so a reviewer can copy the
   * link at any time.
   */
  invitationToken: string;
  email: string;
  name: string | null;
  createdAt: number;
  expiresAt: number;
  extraTimePercent: number;
  revokedAt: number | null;
  /** The session bound to the link, once a browser registered with it. */
  sessionId: string | null;
  /** When the bound session's feedback arrived. */
  finishedAt: number | null;
  /** When the bound session was erased; the email and name are blank from then on. */
  erasedAt: number | null;
}

export type NewInvitation = Omit<StoredInvitation, 'revokedAt' | 'sessionId' | 'finishedAt' | 'erasedAt'>;

export interface InvitationCursor {
  createdAt: number;
  invitationId: string;
}

export interface InvitationPage {
  /** Newest first. */
  invitations: StoredInvitation[];
  next?: InvitationCursor;
}

export interface InvitationChange {
  expiresAt?: number;
  extraTimePercent?: number;
}

export interface InvitationStore {
  createInvitation(invitation: NewInvitation): Promise<void>;
  /** All of them or none. */
  createInvitations(invitations: NewInvitation[]): Promise<void>;
  getInvitation(invitationId: string): Promise<StoredInvitation | undefined>;
  /** The invitation of this test with this token; another test's token finds nothing. */
  invitationOfToken(testId: string, invitationToken: string): Promise<StoredInvitation | undefined>;
  listInvitations(query: { testId: string; after?: InvitationCursor; limit: number }): Promise<InvitationPage>;
  /** Changes nothing once revoked; answers the invitation as it is then, or undefined for none. */
  changeInvitation(invitationId: string, change: InvitationChange): Promise<StoredInvitation | undefined>;
  /** The first revocation counts; a repeat changes nothing. Undefined for no such invitation. */
  revokeInvitation(invitationId: string, at: number): Promise<StoredInvitation | undefined>;
  /**
   * Invitations of these tests that nobody has started, not revoked or erased, that expire after
   * `from` and at or before `to`, and were made at least `madeBeforeExpiryMs` before they expire.
   */
  unstartedExpiring(
    testIds: readonly string[],
    from: number,
    to: number,
    madeBeforeExpiryMs: number,
  ): Promise<{ invitationId: string; testId: string; email: string }[]>;
  /** Keeps that the link of an invitation nobody has used yet was opened now (`recordInvitationOpen`). */
  recordOpen(invitationId: string, at: number): Promise<void>;
  /** True unless a reviewer turned the test's open link off. */
  openLinkAllowed(testId: string): Promise<boolean>;
  setOpenLinkAllowed(testId: string, allowed: boolean, at: number): Promise<void>;
}

export function createInvitationStore({ reads: db, dialect, write }: Storage): InvitationStore {
  // Read for every registration by the open link, so the registrations of many candidates go as one.
  const openLinkSetting = readByKey(
    { db, dialect },
    (db, testIds) =>
      db.selectFrom('test_settings').select(['test_id', 'open_link_allowed']).where('test_id', 'in', testIds),
    (row) => row.test_id,
  );
  return {
    createInvitation: (invitation) => write('createInvitations', [invitation]),
    createInvitations: (invitations) => write('createInvitations', invitations),
    changeInvitation: (invitationId, change) => write('changeInvitation', invitationId, change),
    revokeInvitation: (invitationId, at) => write('revokeInvitation', invitationId, at),
    recordOpen: (invitationId, at) => write('recordInvitationOpen', invitationId, at),
    setOpenLinkAllowed: (testId, allowed, at) => write('setOpenLinkAllowed', testId, allowed, at),
    async unstartedExpiring(testIds, from, to, madeBeforeExpiryMs) {
      if (testIds.length === 0) return [];
      const rows = await db
        .selectFrom('invitations')
        .select(['invitation_id', 'test_id', 'email'])
        .where('test_id', 'in', testIds)
        .where('expires_at', '>', from)
        .where('expires_at', '<=', to)
        .where('session_id', 'is', null)
        .where('revoked_at', 'is', null)
        .where('erased_at', 'is', null)
        .where((eb) => eb('created_at', '<=', eb('expires_at', '-', madeBeforeExpiryMs)))
        .execute();
      return rows.map((row) => ({ invitationId: row.invitation_id, testId: row.test_id, email: row.email }));
    },
    async getInvitation(invitationId) {
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('invitation_id', '=', invitationId)
        .executeTakeFirst();
      return row && toInvitation(row);
    },
    async invitationOfToken(testId, invitationToken) {
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('token', '=', invitationToken)
        .where('test_id', '=', testId)
        .executeTakeFirst();
      return row && toInvitation(row);
    },
    async listInvitations({ testId, after, limit }) {
      let select = db.selectFrom('invitations').selectAll().where('test_id', '=', testId);
      if (after) {
        select = select.where((eb) =>
          eb(eb.refTuple('created_at', 'invitation_id'), '<', eb.tuple(after.createdAt, after.invitationId)),
        );
      }
      // One row more than asked: it only says that another page follows.
      const rows = await select
        .orderBy('created_at', 'desc')
        .orderBy('invitation_id', 'desc')
        .limit(limit + 1)
        .execute();
      const invitations = rows.slice(0, limit).map(toInvitation);
      const last = rows.length > limit ? invitations.at(-1) : undefined;
      return last
        ? { invitations, next: { createdAt: last.createdAt, invitationId: last.invitationId } }
        : { invitations };
    },
    async openLinkAllowed(testId) {
      const row = await openLinkSetting(testId);
      return row === undefined || Boolean(row.open_link_allowed);
    },
  };
}
