import type { Selectable } from 'kysely';
import type { InvitationsTable } from '../db/schema.ts';
import type { StoredInvitation } from './invitation-store.ts';

/** Every column of an invitation, for reads that must name what they select. */
export const INVITATION_COLUMNS = [
  'invitation_id',
  'test_id',
  'token',
  'email',
  'name',
  'created_at',
  'expires_at',
  'extra_time_percent',
  'revoked_at',
  'session_id',
  'finished_at',
  'erased_at',
] as const;

export function toInvitation(row: Selectable<InvitationsTable>): StoredInvitation {
  return {
    invitationId: row.invitation_id,
    testId: row.test_id,
    invitationToken: row.token,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    extraTimePercent: row.extra_time_percent,
    revokedAt: row.revoked_at,
    sessionId: row.session_id,
    finishedAt: row.finished_at,
    erasedAt: row.erased_at,
  };
}
