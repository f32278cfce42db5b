import type Database from 'better-sqlite3';
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

/**
 * Binding a session to its invitation: one statement that changes the row only while the link is
 * unbound or bound to this very session, not revoked, and not expired (unless that session finished
 * it). SQLite's one writer makes it atomic; the same statement is what keeps PostgreSQL to one winner.
 */
export function prepareBinding(db: Database.Database) {
  return {
    bindInvitation: db.prepare<{ invitationId: string; sessionId: string; now: number }>(`
      UPDATE invitations SET session_id = @sessionId
      WHERE invitation_id = @invitationId
        AND (session_id IS NULL OR session_id = @sessionId)
        AND revoked_at IS NULL
        AND (finished_at IS NOT NULL OR expires_at > @now)`),
    invitation: db.prepare<[string], InvitationRow>('SELECT * FROM invitations WHERE invitation_id = ?'),
  };
}

/** Why a binding changed nothing, as the refusal the candidate gets. */
export function refuseBinding(statements: ReturnType<typeof prepareBinding>, invitationId: string, now: number): never {
  const row = statements.invitation.get(invitationId);
  if (!row) throw new Error(`There is no invitation ${invitationId}`);
  throw closedInvitationError(toInvitation(row), now) ?? new InvitationInUseError();
}

function prepareReviewWrites(db: Database.Database) {
  return {
    insertInvitation: db.prepare(`
      INSERT INTO invitations (invitation_id, test_id, token, email, name, created_at, expires_at, extra_time_percent)
      VALUES (@invitationId, @testId, @token, @email, @name, @createdAt, @expiresAt, @extraTimePercent)`),
    changeInvitation: db.prepare(`
      UPDATE invitations SET
        expires_at = coalesce(@expiresAt, expires_at),
        extra_time_percent = coalesce(@extraTimePercent, extra_time_percent)
      WHERE invitation_id = @invitationId AND revoked_at IS NULL`),
    revokeInvitation: db.prepare(
      'UPDATE invitations SET revoked_at = ? WHERE invitation_id = ? AND revoked_at IS NULL',
    ),
    setOpenLink: db.prepare(`
      INSERT INTO test_settings (test_id, open_link_allowed, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (test_id) DO UPDATE SET open_link_allowed = excluded.open_link_allowed, updated_at = excluded.updated_at`),
    insertReviewer: db.prepare(`
      INSERT INTO reviewers (reviewer_id, company_id, email, name, password_hash, created_at)
      VALUES (@reviewerId, @companyId, @email, @name, @passwordHash, @createdAt)
      ON CONFLICT (email) DO NOTHING`),
    // The reviewer's sign-in sessions go with it: ON DELETE CASCADE, with the writer's foreign_keys on.
    deleteReviewer: db.prepare('DELETE FROM reviewers WHERE email = ?'),
    insertReviewerSession: db.prepare(`
      INSERT INTO reviewer_sessions (session_hash, reviewer_id, csrf_token, created_at, last_seen_at, expires_at)
      VALUES (@sessionHash, @reviewerId, @csrfToken, @createdAt, @createdAt, @expiresAt)`),
    sweepReviewerSessions: db.prepare(
      'DELETE FROM reviewer_sessions WHERE expires_at <= @now OR last_seen_at <= @now - @idleMs',
    ),
    touchReviewerSession: db.prepare(
      'UPDATE reviewer_sessions SET last_seen_at = ? WHERE session_hash = ? AND last_seen_at < ?',
    ),
    endReviewerSession: db.prepare('DELETE FROM reviewer_sessions WHERE session_hash = ?'),
  };
}

/**
 * The hiring company's writes, each run by the writer thread in its own transaction like the
 * candidates'. `binding` is the writer's `prepareBinding`, whose invitation read they share.
 */
export function createReviewWriteOperations(db: Database.Database, binding: ReturnType<typeof prepareBinding>) {
  const statements = prepareReviewWrites(db);
  const current = (invitationId: string): StoredInvitation | undefined => {
    const row = binding.invitation.get(invitationId);
    return row && toInvitation(row);
  };
  return {
    createInvitation(invitation: NewInvitation): void {
      statements.insertInvitation.run(invitation);
    },
    changeInvitation(invitationId: string, change: InvitationChange): StoredInvitation | undefined {
      statements.changeInvitation.run({
        invitationId,
        expiresAt: change.expiresAt ?? null,
        extraTimePercent: change.extraTimePercent ?? null,
      });
      return current(invitationId);
    },
    revokeInvitation(invitationId: string, at: number): StoredInvitation | undefined {
      statements.revokeInvitation.run(at, invitationId);
      return current(invitationId);
    },
    setOpenLinkAllowed(testId: string, allowed: boolean, at: number): void {
      statements.setOpenLink.run(testId, allowed ? 1 : 0, at);
    },
    addReviewer(reviewer: StoredReviewer): void {
      if (statements.insertReviewer.run(reviewer).changes === 0) throw new ReviewerExistsError(reviewer.email);
    },
    removeReviewer(email: string): boolean {
      return statements.deleteReviewer.run(email).changes > 0;
    },
    startReviewerSession(session: NewReviewerSession, idleMs: number): void {
      statements.sweepReviewerSessions.run({ now: session.createdAt, idleMs });
      statements.insertReviewerSession.run(session);
    },
    touchReviewerSession(sessionHash: string, at: number): void {
      statements.touchReviewerSession.run(at, sessionHash, at);
    },
    endReviewerSession(sessionHash: string): void {
      statements.endReviewerSession.run(sessionHash);
    },
  };
}
