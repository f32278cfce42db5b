import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';
import { REVIEWER_ROLES } from './review-schemas.ts';

/**
 * A company's team on the review page (issue 24): an admin adds a teammate, who sets their own
 * password through a one-time link; an admin resets a teammate's access or removes them.
 */

/** How long a link to set one's password works. */
export const ACCESS_LINK_HOURS = 72;
/** The review page's address for such a link; the secret follows in the fragment, which no server or log sees. */
export const ACCESS_LINK_PATH = '/review/access';
/** How many random bytes a link's secret holds; it travels as base64url, 43 characters. */
export const ACCESS_SECRET_BYTES = 32;
/** The form of every secret the API makes (api/src/review/team.ts): anything else in the fragment is no link. */
export const ACCESS_SECRET_FORM = /^[A-Za-z0-9_-]{43}$/;
export const TEAMMATE_NAME_MAX_LENGTH = 120;
/** The shortest password a reviewer may set (also the operator's command's). */
export const MIN_PASSWORD_LENGTH = 12;

/** `POST /api/review/team`. */
export const teammateCreateSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'must not be empty')
      .max(320)
      .pipe(z.email('is not an email address')),
    name: z.string().trim().min(1, 'must not be empty').max(TEAMMATE_NAME_MAX_LENGTH),
    role: z.enum(REVIEWER_ROLES),
  })
  .strict();

export const teammateSchema = z.object({
  reviewerId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(REVIEWER_ROLES),
  /** Has set a password, and can sign in. */
  active: z.boolean(),
  /** When their unused link to set a password expires; null without one. */
  linkExpiresAt: isoTimeSchema.nullable(),
  /** Has two-factor sign-in on: what an admin checks before requiring it of everyone. */
  twoFactor: z.boolean(),
  /** The admin reading the list: they can neither remove nor reset themselves. */
  you: z.boolean(),
});

/** `GET /api/review/team` (admins only). */
export const teamSchema = z.object({ teammates: z.array(teammateSchema) });

/**
 * `POST /api/review/team` and `POST /api/review/team/:reviewerId/reset`: the teammate, and the
 * secret of their link, shown this once (only its hash is kept).
 */
export const accessLinkMadeSchema = z.object({
  teammate: teammateSchema,
  secret: z.string(),
  expiresAt: isoTimeSchema,
  /** The link is on its way to the teammate by email too (email is set up). */
  emailed: z.boolean(),
});

/** `POST /api/review/access-link`: what a link is for, asked by the page it opens. */
export const accessLinkAskSchema = z.object({ secret: z.string().min(1).max(200) }).strict();

export const accessLinkInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  purpose: z.enum(['invitation', 'reset']),
  expiresAt: isoTimeSchema,
});

/** `POST /api/review/access-link/password`. */
export const passwordSetSchema = z
  .object({ secret: z.string().min(1).max(200), password: z.string().min(1, 'must not be empty').max(1024) })
  .strict();

export const ACCESS_LINK_GONE =
  'This link has been used, has expired or was replaced by a newer one. Ask an admin of your company for a new one.';

export type TeammateCreate = z.input<typeof teammateCreateSchema>;
export type Teammate = z.infer<typeof teammateSchema>;
export type Team = z.infer<typeof teamSchema>;
export type AccessLinkMade = z.infer<typeof accessLinkMadeSchema>;
export type AccessLinkInfo = z.infer<typeof accessLinkInfoSchema>;
