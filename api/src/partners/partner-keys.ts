import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The keys a company gives Greenhouse (Assessment Partner API). Greenhouse sends its key as the
 * user name of HTTP Basic with every call, and expects the same key on the `PATCH` that tells it a
 * test is complete (its docs' example carries it). The database keeps only each key's SHA-256, so
 * a copy of the database authenticates nobody; for the `PATCH` the server derives the key again,
 * as an HMAC of the key's id under the operator's `PARTNER_KEY_SECRET`, which no database holds.
 *
 * A key: `pk_`, its id (16 hex digits, what the log and the throttle name it by), `_`, and the
 * HMAC in base64url: 63 characters, under the 171 Greenhouse takes.
 */

const KEY_PATTERN = /^pk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;

export function newPartnerKeyId(): string {
  return randomBytes(8).toString('hex');
}

/** The key of `keyId`: the same on every instance and after every restart, for as long as the secret is. */
export function partnerKeyOf(secret: string, keyId: string): string {
  return `pk_${keyId}_${createHmac('sha256', secret).update(`partner-key:${keyId}`).digest('base64url')}`;
}

export function partnerKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The id a presented key names, when it has a key's shape at all. */
export function keyIdOf(presented: string): string | undefined {
  return KEY_PATTERN.exec(presented)?.[1];
}

/** Whether a presented key is the one whose hash is kept, in time that does not depend on where they differ. */
export function matchesKeyHash(presented: string, keyHash: string): boolean {
  const given = createHash('sha256').update(presented).digest();
  const kept = Buffer.from(keyHash, 'hex');
  return kept.length === given.length && timingSafeEqual(given, kept);
}

/**
 * The user name of an `Authorization: Basic` header (RFC 7617): Greenhouse appends a colon (an
 * empty password) to the key and encodes the whole in base64. Undefined for any other header.
 */
export function basicUserOf(header: string | undefined): string | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  const user = colon === -1 ? credentials : credentials.slice(0, colon);
  return user === '' ? undefined : user;
}

/** The header Greenhouse's own calls carry, for ours to it: the key, a colon, in base64. */
export function basicAuthorization(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}
