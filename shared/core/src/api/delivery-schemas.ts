import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';

/** One email the product sent (or is sending) in the company's name, as its reviewers read it. */
export const deliveryViewSchema = z.object({
  deliveryId: z.string(),
  /**
   * `invitation`: a personal link to its candidate; `reminder`: of an invitation not started yet;
   * `receipt`: what a finished candidate sent.
   */
  kind: z.enum(['invitation', 'reminder', 'receipt']),
  recipient: z.string(),
  /** `failed` is given up on (or could never be sent); "send again" queues it anew. */
  state: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  createdAt: isoTimeSchema,
  sentAt: isoTimeSchema.nullable(),
  /** When a queued message is tried next. */
  dueAt: isoTimeSchema.nullable(),
  lastError: z.string().nullable(),
});

/** `GET /api/review/deliveries`: the newest first. Without a mail server, messages are kept as files only. */
export const deliveryLogSchema = z.object({
  emailSetUp: z.boolean(),
  deliveries: z.array(deliveryViewSchema),
});

export type DeliveryView = z.infer<typeof deliveryViewSchema>;
export type DeliveryLog = z.infer<typeof deliveryLogSchema>;
