import { hash, verify } from '@node-rs/argon2';

/**
 * Reviewer passwords, hashed with argon2id (@node-rs/argon2's defaults: 19 MiB, 2 passes, 1 lane,
 * the OWASP recommendation), on libuv's thread pool: a sign-in never holds the event loop.
 */

export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password, and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a hash of nothing, for an email with no account: a wrong email then
 * takes as long as a wrong password, so the sign-in's timing does not tell which emails exist.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hash('no account has this password');
  await verifyPassword(await decoy, password);
  return false;
}
