import type pg from 'pg';
import { statement } from './postgres-statements.ts';
import { type InvitationRow, toInvitation } from './review-rows.ts';
import {
  closedInvitationError,
  type InvitationChange,
  InvitationInUseError,
  type NewInvitation,
  type NewReviewerSession,
  ReviewerExistsError,
  type StoredInvitation,
  type StoredReviewer,
} from './review-store.ts';

/** The hiring company's writes, named and shaped as in `sqlite-review-writes.ts`. */
const sql = {
  invitation: statement<InvitationRow>('SELECT * FROM invitations WHERE invitation_id = $1', 'invitation'),
  insertInvitation: statement(
    `INSERT INTO invitations (invitation_id, test_id, token, email, name, created_at, expires_at, extra_time_percent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    'insert-invitation',
  ),
  changeInvitation: statement<InvitationRow>(
    `UPDATE invitations SET
       expires_at = coalesce($2, expires_at),
       extra_time_percent = coalesce($3, extra_time_percent)
     WHERE invitation_id = $1 AND revoked_at IS NULL
     RETURNING *`,
    'change-invitation',
  ),
  revokeInvitation: statement<InvitationRow>(
    'UPDATE invitations SET revoked_at = coalesce(revoked_at, $2) WHERE invitation_id = $1 RETURNING *',
    'revoke-invitation',
  ),
  setOpenLink: statement(
    `INSERT INTO test_settings (test_id, open_link_allowed, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (test_id) DO UPDATE SET open_link_allowed = excluded.open_link_allowed, updated_at = excluded.updated_at`,
    'set-open-link',
  ),
  insertReviewer: statement(
    `INSERT INTO reviewers (reviewer_id, company_id, email, name, password_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING`,
    'insert-reviewer',
  ),
  // Its sign-ins go with it (ON DELETE CASCADE).
  deleteReviewer: statement('DELETE FROM reviewers WHERE email = $1', 'delete-reviewer'),
  sweepReviewerSessions: statement(
    'DELETE FROM reviewer_sessions WHERE expires_at <= $1 OR last_seen_at <= $1 - $2',
    'sweep-reviewer-sessions',
  ),
  insertReviewerSession: statement(
    `INSERT INTO reviewer_sessions (session_hash, reviewer_id, csrf_token, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    'insert-reviewer-session',
  ),
  touchReviewerSession: statement(
    'UPDATE reviewer_sessions SET last_seen_at = $2 WHERE session_hash = $1 AND last_seen_at < $2',
    'touch-reviewer-session',
  ),
  endReviewerSession: statement('DELETE FROM reviewer_sessions WHERE session_hash = $1', 'end-reviewer-session'),
};

/** Why a binding changed nothing, read in the registration's transaction, as the refusal the candidate gets. */
export async function refuseBinding(tx: pg.PoolClient, invitationId: string, now: number): Promise<never> {
  const row = (await sql.invitation(tx, [invitationId])).rows[0];
  if (!row) throw new Error(`There is no invitation ${invitationId}`);
  throw closedInvitationError(toInvitation(row), now) ?? new InvitationInUseError();
}

export function createPostgresReviewWrites(pool: pg.Pool) {
  const current = async (invitationId: string): Promise<StoredInvitation | undefined> => {
    const row = (await sql.invitation(pool, [invitationId])).rows[0];
    return row && toInvitation(row);
  };
  return {
    async createInvitation(invitation: NewInvitation): Promise<void> {
      await sql.insertInvitation(pool, [
        invitation.invitationId,
        invitation.testId,
        invitation.token,
        invitation.email,
        invitation.name,
        invitation.createdAt,
        invitation.expiresAt,
        invitation.extraTimePercent,
      ]);
    },
    async changeInvitation(invitationId: string, change: InvitationChange): Promise<StoredInvitation | undefined> {
      const values = [invitationId, change.expiresAt ?? null, change.extraTimePercent ?? null];
      const row = (await sql.changeInvitation(pool, values)).rows[0];
      return row ? toInvitation(row) : current(invitationId);
    },
    async revokeInvitation(invitationId: string, at: number): Promise<StoredInvitation | undefined> {
      const row = (await sql.revokeInvitation(pool, [invitationId, at])).rows[0];
      return row && toInvitation(row);
    },
    async setOpenLinkAllowed(testId: string, allowed: boolean, at: number): Promise<void> {
      await sql.setOpenLink(pool, [testId, allowed, at]);
    },
    async addReviewer(reviewer: StoredReviewer): Promise<void> {
      const inserted = await sql.insertReviewer(pool, [
        reviewer.reviewerId,
        reviewer.companyId,
        reviewer.email,
        reviewer.name,
        reviewer.passwordHash,
        reviewer.createdAt,
      ]);
      if (inserted.rowCount === 0) throw new ReviewerExistsError(reviewer.email);
    },
    async removeReviewer(email: string): Promise<boolean> {
      return ((await sql.deleteReviewer(pool, [email])).rowCount ?? 0) > 0;
    },
    async startReviewerSession(session: NewReviewerSession, idleMs: number): Promise<void> {
      await sql.sweepReviewerSessions(pool, [session.createdAt, idleMs]);
      await sql.insertReviewerSession(pool, [
        session.sessionHash,
        session.reviewerId,
        session.csrfToken,
        session.createdAt,
        session.expiresAt,
      ]);
    },
    async touchReviewerSession(sessionHash: string, at: number): Promise<void> {
      await sql.touchReviewerSession(pool, [sessionHash, at]);
    },
    async endReviewerSession(sessionHash: string): Promise<void> {
      await sql.endReviewerSession(pool, [sessionHash]);
    },
  };
}
