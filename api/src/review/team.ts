import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_LINK_HOURS, type Teammate } from '@assessment/core';
import { iso } from '../admin/session-view.ts';
import type { NewAccessLink, Teammate as StoredTeammate } from '../storage/team/team-store.ts';

/** The secret of a one-time link: 32 random bytes, base64url. Only its hash is stored. */
export function newAccessLink(now: number): { secret: string; link: NewAccessLink } {
  const secret = randomBytes(32).toString('base64url');
  return {
    secret,
    link: { linkHash: accessLinkHash(secret), createdAt: now, expiresAt: now + ACCESS_LINK_HOURS * 3_600_000 },
  };
}

export const accessLinkHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const teammateView = (teammate: StoredTeammate, readerId: string): Teammate => ({
  reviewerId: teammate.reviewerId,
  email: teammate.email,
  name: teammate.name,
  role: teammate.role,
  active: teammate.active,
  linkExpiresAt: iso(teammate.linkExpiresAt),
  you: teammate.reviewerId === readerId,
});
