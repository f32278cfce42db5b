import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';

/**
 * Greenhouse's Assessment Partner API, as Greenhouse calls it (`grnhse/greenhouse-api-docs`,
 * `source/includes/assessment/`): snake case, `null` for an empty value, and room for fields
 * Greenhouse adds later, which are accepted and ignored. Greenhouse authenticates with HTTP Basic,
 * the company's key as the user name and an empty password.
 */

export const GREENHOUSE_API_PREFIX = '/api/partners/greenhouse';

/** The calls Greenhouse makes, by the names its docs give them, each at `GREENHOUSE_API_PREFIX/<name>`. */
export const GREENHOUSE_CALLS = ['list_tests', 'send_test', 'test_status', 'response_error'] as const;
export type GreenhouseCall = (typeof GREENHOUSE_CALLS)[number];

/**
 * `partner_status`, from the personal invitation the test was sent as: `sent` (not started yet),
 * `in_progress` (started), `complete` (the candidate finished every section), `expired` (the link
 * ran out unused or unfinished), `revoked` (the company withdrew it).
 */
export const PARTNER_STATUSES = ['sent', 'in_progress', 'complete', 'expired', 'revoked'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PARTNER_KEY_NAME_MAX_LENGTH = 80;
/** Live keys a company may hold at once: one per Greenhouse account, with room to rotate. */
export const MAX_LIVE_PARTNER_KEYS = 20;

const URL_MAX_LENGTH = 2000;

/** A field Greenhouse must send, with a message that names what is missing rather than a type. */
const required = <T extends z.ZodType>(schema: T, what: string) =>
  z
    .unknown()
    .superRefine((value, context) => {
      if (value === undefined || value === null) context.addIssue({ code: 'custom', message: `is required (${what})` });
    })
    .pipe(schema);

/** Text that a column of plain text holds on every database: no NUL character. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not hold a NUL character');

const optionalText = (max: number) => text(max).nullish();

/** `POST send_test`: the candidate to email the test to, and where to tell Greenhouse once they finish. */
export const greenhouseSendTestSchema = z.looseObject({
  partner_test_id: required(z.string().min(1).max(100), 'a partner_test_id from list_tests'),
  candidate: required(
    z.looseObject({
      first_name: text(200).nullable(),
      last_name: text(200).nullable(),
      preferred_name: optionalText(200),
      email: required(z.email('is not an email address').max(320), 'the address the test is sent to'),
      phone_number: optionalText(100),
      resume_url: optionalText(URL_MAX_LENGTH),
      greenhouse_profile_url: required(
        z.url({ protocol: /^https?$/, error: 'is not an http or https address' }).max(URL_MAX_LENGTH),
        "the candidate's Greenhouse application",
      ),
    }),
    'the candidate',
  ),
  sent_by: optionalText(320),
  url: required(
    z.url({ protocol: /^https?$/, error: 'is not an http or https address' }).max(URL_MAX_LENGTH),
    'where to send the PATCH once the test is complete',
  ),
});

/** `GET test_status?partner_interview_id=`. */
export const greenhouseStatusQuerySchema = z.looseObject({
  partner_interview_id: required(z.string().min(1).max(200), 'the id send_test answered'),
});

/** What one report may hold: more than Greenhouse's reports of one answer need. */
const REPORT_ERRORS_MAX = 50;
const REPORT_ERROR_MAX_LENGTH = 2000;

/**
 * `POST response_error`: a call of ours Greenhouse could not use. `api_call` and `errors` always
 * come; the rest as far as Greenhouse knows it. `candidate_email` is accepted and never kept.
 */
export const greenhouseResponseErrorSchema = z.looseObject({
  api_call: required(z.string().max(100), 'the call that failed'),
  errors: required(z.array(z.string().max(REPORT_ERROR_MAX_LENGTH)).max(REPORT_ERRORS_MAX), 'what was wrong'),
  partner_test_id: optionalText(200),
  partner_test_name: optionalText(300),
  partner_interview_id: optionalText(200),
});

/** `metadata` of `test_status`: flat, each value a primitive (Greenhouse's docs). */
export type GreenhouseMetadata = Record<string, string | number | boolean | null>;

export interface GreenhouseTestStatus {
  partner_status: PartnerStatus;
  /** The candidate's page on the review page; null before they started. */
  partner_profile_url: string | null;
  /** 0 to 100 from the team's ratings; null until someone rates. */
  partner_score: number | null;
  metadata: GreenhouseMetadata;
}

/** A key as the company's admins see it: never the key itself after it was made. */
export const partnerKeyViewSchema = z.object({
  keyId: z.string(),
  name: z.string(),
  createdAt: isoTimeSchema,
  /** When Greenhouse last called with it. */
  lastUsedAt: isoTimeSchema.nullable(),
  revokedAt: isoTimeSchema.nullable(),
});

/** `GET /api/review/partner-keys` (admins): the company's keys, newest first, and the addresses to give Greenhouse. */
export const partnerKeysSchema = z.object({
  keys: z.array(partnerKeyViewSchema),
  /** False while the operator has not set `PARTNER_KEY_SECRET`: no key can be made then. */
  canMake: z.boolean(),
  /** Each call's address, from the operator's `PUBLIC_URL`. */
  urls: z.object({
    list_tests: z.string(),
    send_test: z.string(),
    test_status: z.string(),
    response_error: z.string(),
  }),
});

/** `POST /api/review/partner-keys` (admins): a key's name, to tell it from the company's others. */
export const partnerKeyCreateSchema = z
  .object({ name: z.string().trim().min(1, 'must not be empty').max(PARTNER_KEY_NAME_MAX_LENGTH) })
  .strict();

/** The answer to making a key: the key itself, shown this once. */
export const partnerKeyMadeSchema = partnerKeyViewSchema.extend({ key: z.string() });

/** A `response_error` Greenhouse sent, as the company's admins read it beside their deliveries. */
export const partnerReportViewSchema = z.object({
  reportId: z.string(),
  apiCall: z.string(),
  errors: z.array(z.string()),
  partnerTestId: z.string().nullable(),
  partnerTestName: z.string().nullable(),
  partnerInterviewId: z.string().nullable(),
  receivedAt: isoTimeSchema,
});

export type PartnerKeyView = z.infer<typeof partnerKeyViewSchema>;
export type PartnerKeys = z.infer<typeof partnerKeysSchema>;
export type PartnerKeyMade = z.infer<typeof partnerKeyMadeSchema>;
export type PartnerReportView = z.infer<typeof partnerReportViewSchema>;
