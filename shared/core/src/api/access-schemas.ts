import { z } from '../zod.ts';
import { ACCESS_ACTIONS, ACCESS_ROLES, isoTimeSchema } from './record-schemas.ts';

const lookSchema = z.object({
  at: isoTimeSchema,
  /** The reviewer's email, or `operator`. */
  actor: z.string(),
  role: z.enum(ACCESS_ROLES),
  action: z.enum(ACCESS_ACTIONS),
  detail: z.string().nullable(),
  address: z.string(),
});

/**
 * One entry of the company's access log, as its admins read it: a look at a candidate, or at a
 * personal invitation by the email it is for. An invitation's look never names the session it led
 * to, which blind review hides from the list of invitations.
 */
export const accessEntrySchema = z.union([
  lookSchema.extend({
    sessionId: z.string(),
    invitation: z.null(),
    /**
     * The candidate as the admin reading the log may see them: their name, or, where blind review
     * hides them from that admin, their code (`name` null). Both null for a candidate with no
     * registration, or whose test left the catalogue.
     */
    candidate: z.object({ name: z.string().nullable(), code: z.string().nullable() }),
  }),
  lookSchema.extend({
    sessionId: z.null(),
    invitation: z.object({ invitationId: z.string(), email: z.string() }),
  }),
]);

/** `GET /api/review/access-log`: newest first, a page at a time. */
export const accessLogPageSchema = z.object({
  entries: z.array(accessEntrySchema),
  next: z.string().nullable(),
});

export type AccessEntryView = z.infer<typeof accessEntrySchema>;
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
