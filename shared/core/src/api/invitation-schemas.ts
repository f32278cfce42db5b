import { MAX_EXTRA_TIME_PERCENT } from '../catalogue/quiz-time.ts';
import type { ClosedInvitationState } from '../invite/invitation.ts';
import { wireInvitationField, wireTestField } from '../spec-names.ts';
import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';
import { invitationTokenSchema, testIdSchema } from './schemas.ts';

/**
 * How long a new personal invitation stays valid unless whoever makes it picks another day: the
 * review page's default, and the expiry of every test Greenhouse sends.
 */
export const DEFAULT_INVITATION_VALID_DAYS = 14;

/** Extra quiz time granted to one candidate, in percent: a whole number from 0 to 100. */
export const extraTimePercentSchema = z.number().int().min(0).max(MAX_EXTRA_TIME_PERCENT);

/**
 * `POST /api/invitation-status`, asked before the landing page and when a section loads. The token
 * travels in the body, never in a URL, so no access log holds it. The optional `Session-Key`
 * header tells whether a started link is this browser's.
 */
export const invitationStatusRequestSchema = z.object({
  ...wireTestField(testIdSchema),
  ...wireInvitationField(invitationTokenSchema.optional()),
});

/**
 * 200 answers. `open`: the bare test id, allowed or not by the hiring company. `personal`: a link
 * that still opens; `started` or `finished` with `yours: false` is a link in use in another browser.
 */
export const invitationStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), openLinkAllowed: z.boolean() }),
  z.object({
    kind: z.literal('personal'),
    state: z.enum(['unused', 'started', 'finished']),
    /** The request's session key is the key of the session bound to the link. */
    yours: z.boolean(),
    extraTimePercent: extraTimePercentSchema,
    expiresAt: isoTimeSchema,
    /** The email the invitation was made for: the form fills it in and it cannot be edited. */
    email: z.string(),
    /** The name the company gave the invitation, or null: the form fills it in, and the candidate may correct it. */
    name: z.string().nullable(),
  }),
]);

/** 409: a registration through a personal link with an email other than the one it was made for. */
export const INVITATION_EMAIL_ERROR =
  'This invitation was made for another email address. Use the email address the invitation was sent to.';

/** Emails compared as a person means them: without surrounding spaces, in any case. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** 410 of the invitation calls and of every later write of a session whose link is now closed. */
export const invitationGoneSchema = z.object({
  error: z.string(),
  state: z.enum(['revoked', 'expired', 'erased']),
});

/** The state a 410's body names, or null when it is not the API's answer about a closed link. */
export function closedStateOfAnswer(body: unknown): ClosedInvitationState | null {
  const gone = invitationGoneSchema.safeParse(body);
  return gone.success ? gone.data.state : null;
}

export type InvitationStatusRequest = z.input<typeof invitationStatusRequestSchema>;
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;
export type InvitationGone = z.infer<typeof invitationGoneSchema>;
