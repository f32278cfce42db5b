import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_LINK_HOURS, ACCESS_SECRET_BYTES, type Teammate } from '@assessment/core';
import { iso } from '../admin/time.ts';
import type { AccessLinkPurpose, NewAccessLink, Teammate as StoredTeammate } from '../storage/team/team-store.ts';

/** What a teammate's queued email holds. */
export interface LinkMail {
  secret: string;
  purpose: AccessLinkPurpose;
}

/**
 * A one-time link: its secret is `ACCESS_SECRET_BYTES` random bytes, base64url, and only the
 * secret's hash is kept with the link. With `emailed`, the link's email is queued with it, holding
 * the secret until the message goes out.
 */
export function newAccessLink(
  now: number,
  purpose: AccessLinkPurpose,
  emailed: boolean,
): { secret: string; link: NewAccessLink } {
  const secret = randomBytes(ACCESS_SECRET_BYTES).toString('base64url');
  const link: NewAccessLink = {
    linkHash: accessLinkHash(secret),
    createdAt: now,
    expiresAt: now + ACCESS_LINK_HOURS * 3_600_000,
    ...(emailed ? { mail: { payload: JSON.stringify({ secret, purpose } satisfies LinkMail) } } : {}),
  };
  return { secret, link };
}

export const accessLinkHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const teammateView = (teammate: StoredTeammate, readerId: string): Teammate => ({
  reviewerId: teammate.reviewerId,
  email: teammate.email,
  name: teammate.name,
  role: teammate.role,
  active: teammate.active,
  linkExpiresAt: iso(teammate.linkExpiresAt),
  twoFactor: teammate.twoFactor,
  you: teammate.reviewerId === readerId,
});
