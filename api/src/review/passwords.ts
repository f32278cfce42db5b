import { MIN_PASSWORD_LENGTH } from '@assessment/core';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Reviewer passwords, hashed with argon2id (@node-rs/argon2's defaults: 19 MiB, 2 passes, 1 lane,
 * the OWASP recommendation), on libuv's thread pool: a sign-in never holds the event loop.
 */

/** zxcvbn's score from 0 to 4: 3 and up means more than 10^8 guesses even for a cracker that knows the patterns. */
const MIN_PASSWORD_SCORE = 3;

// zxcvbn-ts with its common-password, name and word lists (NIST SP 800-63B §5.1.1.2: refuse what
// breach corpora and common patterns hold); a kept package, rather than a list of our own.
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Why a new password may not be set, in words for the person setting it; null when it may. */
export async function passwordProblem(password: string): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `A password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  const { score } = await strength.check(password);
  if (score < MIN_PASSWORD_SCORE) {
    return 'This password is too easy to guess: it is a common one, or a pattern such as a repeat, a sequence or a keyboard row. Several unrelated words make a strong one';
  }
  return null;
}

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
