import { type Db, type DeliveryJobs, defineWrites } from '../db/database.ts';
import { queueDelivery, queueWebhook } from '../deliveries/delivery-store.ts';
import { toInvitation } from './invitation-rows.ts';
import type { InvitationChange, NewInvitation, StoredInvitation } from './invitation-store.ts';

/** One invitation with its email and its webhook event, inside the transaction `db` belongs to. */
export async function insertInvitation(db: Db, jobs: DeliveryJobs, invitation: NewInvitation): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      invitation_id: invitation.invitationId,
      test_id: invitation.testId,
      token: invitation.invitationToken,
      email: invitation.email,
      name: invitation.name,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      extra_time_percent: invitation.extraTimePercent,
    })
    .execute();
  await queueDelivery(db, jobs, {
    idempotencyKey: `invitation:${invitation.invitationId}`,
    testId: invitation.testId,
    kind: 'invitation',
    recipient: invitation.email,
    invitationId: invitation.invitationId,
    sessionId: null,
    at: invitation.createdAt,
  });
  await queueWebhook(db, jobs, {
    type: 'invitation.created',
    testId: invitation.testId,
    cause: invitation.invitationId,
    data: { invitationId: invitation.invitationId, expiresAt: new Date(invitation.expiresAt).toISOString() },
    sessionId: null,
    invitationId: invitation.invitationId,
    at: invitation.createdAt,
  });
}

/** Personal invitations and each test's open-link setting, as the hiring company changes them. */
export const invitationWrites = defineWrites({
  /** Invitations and their emails, all stored or none (one, or a company's list of candidates). */
  async createInvitations({ atomically, deliveryJobs }, invitations: NewInvitation[]): Promise<void> {
    await atomically(async (db) => {
      for (const invitation of invitations) await insertInvitation(db, deliveryJobs, invitation);
    });
  },

  async changeInvitation(
    { db },
    invitationId: string,
    change: InvitationChange,
  ): Promise<StoredInvitation | undefined> {
    const changed = await db
      .updateTable('invitations')
      .set((eb) => ({
        expires_at: change.expiresAt ?? eb.ref('expires_at'),
        extra_time_percent: change.extraTimePercent ?? eb.ref('extra_time_percent'),
      }))
      .where('invitation_id', '=', invitationId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    const row =
      changed ??
      (await db.selectFrom('invitations').selectAll().where('invitation_id', '=', invitationId).executeTakeFirst());
    return row && toInvitation(row);
  },

  /**
   * The link of an invitation nobody has registered with yet was opened: its first opening is
   * kept, and its latest. Nothing is kept of a used or erased invitation's.
   */
  async recordInvitationOpen({ db }, invitationId: string, at: number): Promise<void> {
    await db
      .insertInto('invitation_opens')
      .columns(['invitation_id', 'first_at', 'last_at'])
      .expression(
        db
          .selectFrom('invitations')
          .select((eb) => ['invitation_id', eb.val(at).as('first_at'), eb.val(at).as('last_at')])
          .where('invitation_id', '=', invitationId)
          .where('session_id', 'is', null)
          .where('erased_at', 'is', null),
      )
      .onConflict((conflict) =>
        conflict.column('invitation_id').doUpdateSet((eb) => ({ last_at: eb.ref('excluded.last_at') })),
      )
      .execute();
  },

  async revokeInvitation({ db }, invitationId: string, at: number): Promise<StoredInvitation | undefined> {
    const row = await db
      .updateTable('invitations')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
      .where('invitation_id', '=', invitationId)
      .returningAll()
      .executeTakeFirst();
    return row && toInvitation(row);
  },

  async setOpenLinkAllowed({ db }, testId: string, allowed: boolean, at: number): Promise<void> {
    await db
      .insertInto('test_settings')
      .values({ test_id: testId, open_link_allowed: allowed, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('test_id').doUpdateSet((eb) => ({
          open_link_allowed: eb.ref('excluded.open_link_allowed'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },
});
