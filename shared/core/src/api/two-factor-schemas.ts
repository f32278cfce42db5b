import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';

/**
 * Two-factor sign-in for reviewers (issue 24): a time-based code (TOTP, RFC 6238: 30-second steps,
 * 6 digits, SHA-1, what every authenticator app reads) after the password, or one of ten
 * single-use recovery codes. A company's admin can require it of everyone in the company.
 */

export const TWO_FACTOR_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** How long a correct password waits for its code before the sign-in starts again. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** A code as a person types it: spaces and dashes are theirs, not the code's. */
const codeSchema = z
  .string()
  .max(64)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, 'must not be empty'));

/** `POST /api/review/sign-in`: 204 when signed in, or this when the account needs its code next. */
export const signInAnswerSchema = z.union([
  z.undefined(),
  z.object({ codeNeeded: z.literal(true), expiresAt: isoTimeSchema }),
]);

/** `POST /api/review/sign-in/code`: a code from the app, or a recovery code; 204 and the sign-in cookie. */
export const signInCodeSchema = z.object({ code: codeSchema }).strict();

/** `GET /api/review/two-factor`: the reviewer's own two-factor sign-in, and whether their company requires it. */
export const twoFactorStatusSchema = z.object({
  on: z.boolean(),
  required: z.boolean(),
  /** Recovery codes not used yet; 0 when two-factor sign-in is off. */
  recoveryCodesLeft: z.number().int().nonnegative(),
});

/**
 * `POST /api/review/two-factor/setup`: a new secret, kept pending until a code from it is
 * confirmed. `key` is what a person types into their app; `uri` is the same as an otpauth:// address.
 */
export const twoFactorSetupSchema = z.object({ key: z.string(), uri: z.string() });

/** `POST /api/review/two-factor/confirm` and `/off`: a current code from the app (or, for `/off`, a recovery code). */
export const twoFactorCodeSchema = z.object({ code: codeSchema }).strict();

/** The answer of a confirmation: the recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });

/** `PUT /api/review/two-factor/requirement` (admins): whether everyone in the company must use it. */
export const twoFactorRequirementSchema = z.object({ required: z.boolean() }).strict();

export const TWO_FACTOR_CODE_REFUSED = 'That code is not right. Enter the code your app shows now, or a recovery code.';
export const TWO_FACTOR_CHALLENGE_GONE = 'Your sign-in took too long. Enter your email and password again.';
/** Wrong codes one sign-in may take before its email and password are asked for again. */
export const WRONG_CODES_PER_SIGN_IN = 10;
export const TWO_FACTOR_TOO_MANY_CODES = 'Too many codes were not right. Enter your email and password again.';
export const TWO_FACTOR_REQUIRED =
  'Your company requires two-factor sign-in. Set it up on the review page before doing anything else.';

export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
