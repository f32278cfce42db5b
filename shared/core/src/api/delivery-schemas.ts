import { z } from '../zod.ts';
import { partnerReportViewSchema } from './partner-schemas.ts';
import { isoTimeSchema } from './record-schemas.ts';

/** One email the product sent (or is sending) in the company's name, as its reviewers read it. */
export const deliveryViewSchema = z.object({
  deliveryId: z.string(),
  /**
   * `invitation`: a personal link to its candidate; `reminder`: of an invitation not started yet;
   * `receipt`: what a finished candidate sent; `webhook`: an event to the company's endpoint;
   * `teammate`: a teammate's link to set their password; `greenhouse`: the `PATCH` that tells
   * Greenhouse a test it sent is complete, or that its score changed.
   */
  kind: z.enum(['invitation', 'reminder', 'receipt', 'webhook', 'teammate', 'greenhouse']),
  /** Null for a candidate blind review hides from the reader: `blindCode` names them instead. */
  recipient: z.string().nullable(),
  /** The candidate's code where blind review hides them from the reader (a receipt's recipient); else null. */
  blindCode: z.string().nullable(),
  /** `failed` is given up on (or could never be sent); "send again" queues it anew. */
  state: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  createdAt: isoTimeSchema,
  sentAt: isoTimeSchema.nullable(),
  /** When a queued message is tried next. */
  dueAt: isoTimeSchema.nullable(),
  lastError: z.string().nullable(),
  /** A webhook's event type, or what a Greenhouse `PATCH` tells; null for an email. */
  event: z.string().nullable(),
  /** The HTTP status a webhook's or a Greenhouse `PATCH`'s last attempt got. */
  lastStatus: z.number().int().nullable(),
});

/**
 * `GET /api/review/deliveries`: the newest first. Whether email is set up at all is in
 * `/api/review/me`. `reports`: what Greenhouse reported it could not use of our answers
 * (`response_error`), newest first, for admins only (empty for anyone else).
 */
export const deliveryLogSchema = z.object({
  deliveries: z.array(deliveryViewSchema),
  reports: z.array(partnerReportViewSchema),
});

export type DeliveryView = z.infer<typeof deliveryViewSchema>;
export type DeliveryLog = z.infer<typeof deliveryLogSchema>;

/**
 * What a company's webhook endpoint is told, signed with Standard Webhooks. Each event carries ids
 * and a link to the review page, never the answers or the video.
 */
export const WEBHOOK_EVENT_TYPES = [
  'invitation.created',
  'assessment.started',
  'assessment.finished',
  'video.received',
  'candidate.stage_changed',
  'candidate.erased',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `GET /api/review/webhook`: the endpoint, or null for none. The secret is never shown again. */
export const webhookSettingsSchema = z.object({ url: z.string().nullable() });

/** `PUT /api/review/webhook` (admins): the address events go to. */
export const webhookUpdateSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
  })
  .strict();

/**
 * 400 of `PUT /api/review/webhook` for an address that is not https, unless the operator lets
 * webhooks reach private targets (`WEBHOOK_ALLOW_PRIVATE`, for tests and private deployments).
 */
export const WEBHOOK_HTTPS_ONLY =
  'The endpoint address must start with https://: each event carries links to your candidates, and plain http would show them to anyone on the way.';

/** What `POST /api/review/webhook/test` sends: an event of this type, which a receiver may check and drop. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * `POST /api/review/webhook/test` (admins): how the test event went, sent at once to the endpoint.
 * `error` is the failure as the network or the endpoint gave it; `status` the HTTP status, if any.
 */
export const webhookTestResultSchema = z.object({
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});

/** The answer to setting the first endpoint or rotating its secret: the secret, shown this once. */
export const webhookSecretSchema = z.object({ url: z.string(), secret: z.string() });

export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
