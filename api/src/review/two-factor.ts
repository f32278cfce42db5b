import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_DIGITS } from '@assessment/core';
import { generateSecret, generateURI, verify } from 'otplib';
import type { StoredReviewer } from '../storage/reviewers/reviewer-store.ts';
import type { TwoFactorStore } from '../storage/two-factor/two-factor-store.ts';

/**
 * Two-factor sign-in's checks, through otplib: RFC 6238 with its defaults (30-second steps,
 * 6 digits, SHA-1), which is what every authenticator app reads from a key typed in or an
 * otpauth:// address. A code of the step before or after the server's is taken too (a phone's
 * clock a little off, a code typed as it turned), and each step only once per reviewer.
 */

const PERIOD_SECONDS = 30;
/** One step either side: otplib checks every step that overlaps now ± this many seconds. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
/** 160 bits, the key length RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** Crockford's base32 letters: no I, L, O or U to misread. 16 of them are 80 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 16;

export const newTotpSecret = () => generateSecret({ length: SECRET_BYTES });

/** The address an authenticator app reads, naming the company's review page and the reviewer's email. */
export const totpUri = (secret: string, email: string, companyName: string) =>
  generateURI({ issuer: `${companyName} review`, label: email, secret });

const stepOf = (nowMs: number) => Math.floor(nowMs / 1000 / PERIOD_SECONDS);

/**
 * The time step `code` is right for, or null. A step at or before `lastStep` was used already and
 * is never taken again (RFC 6238 §5.2).
 */
export async function totpStep(secret: string, code: string, nowMs: number, lastStep: number | null) {
  if (!isAppCode(code)) return null;
  // otplib refuses an `afterTimeStep` past the newest step it would check: every step is used then.
  const newest = stepOf(nowMs) + 1;
  if (lastStep !== null && lastStep >= newest) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // otplib's one `verify` answers for HOTP too, whose result has no step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A code an app shows (six digits), rather than a recovery code. */
export const isAppCode = (code: string) => new RegExp(`^\\d{${TWO_FACTOR_DIGITS}}$`).test(code);

/** Ten new recovery codes, as the reviewer reads them: four groups of four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return code.match(/.{4}/g)?.join('-') ?? code;
  });
}

/**
 * SHA-256 of a recovery code without its dashes, spaces or case. 80 random bits need no slow
 * hash: there is no guessing them from the hash, unlike a password.
 */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/**
 * Whether `code` proves the reviewer's second factor now: a code of their app, each step taken
 * once, or one of their recovery codes, each used once.
 */
export async function secondFactorHolds(
  store: TwoFactorStore,
  reviewer: StoredReviewer,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const held = await store.twoFactorSecret(reviewer.reviewerId);
  if (!held || held.confirmedAt === null) return false;
  if (!isAppCode(code)) return store.useRecoveryCode(reviewer.reviewerId, recoveryCodeHash(code), nowMs);
  const step = await totpStep(held.secret, code, nowMs, held.lastStep);
  return step !== null && (await store.takeTwoFactorStep(reviewer.reviewerId, step));
}
