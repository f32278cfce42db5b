import { z } from '../zod.ts';
import { ACCESS_ACTIONS, ACCESS_ROLES, isoTimeSchema } from './record-schemas.ts';

/** One entry of the company's access log, as its admins read it. */
export const accessEntrySchema = z.object({
  at: isoTimeSchema,
  sessionId: z.string(),
  /** The reviewer's email, or `operator`. */
  actor: z.string(),
  role: z.enum(ACCESS_ROLES),
  action: z.enum(ACCESS_ACTIONS),
  detail: z.string().nullable(),
  address: z.string(),
});

/** `GET /api/review/access-log`: newest first, a page at a time. */
export const accessLogPageSchema = z.object({
  entries: z.array(accessEntrySchema),
  next: z.string().nullable(),
});

export type AccessEntryView = z.infer<typeof accessEntrySchema>;
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
