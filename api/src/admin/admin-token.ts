import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the admin token. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of a guess.
 */
export function carriesAdminToken(authorization: string | undefined, adminToken: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(adminToken));
}
