import { z } from '../zod.ts';
import { FINAL_REASONS } from './schemas.ts';

/**
 * Parts of a candidate's record as the hiring company reads it, shared by the reviewer API and the
 * candidate's own read-out (`GET /api/my-record`), so both show the same facts.
 */

/** A time the server gives: ISO 8601 in UTC. */
export const isoTimeSchema = z.iso.datetime({ offset: true });

export const timelineEventSchema = z.object({
  /** Browser clock, ms since the epoch. */
  at: z.number().int().nonnegative(),
  kind: z.enum(['tab-switch', 'paste']),
  /** 1 to 3; null for a switch while no question was open. */
  question: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  /** Characters pasted. */
  chars: z.number().int().nonnegative().optional(),
});

/** Counted signals: listed or not, every switch and every paste. */
export const signalsSchema = z.object({
  tabSwitches: z.number().int().nonnegative(),
  pastes: z.number().int().nonnegative(),
});

/**
 * What the access log records (SPEC section 0: every look by the company is on record and shown
 * to the candidate): a candidate opened, their video played or downloaded, a CSV or an export that
 * holds them, a change to anything about them, a blind review lifted for them, their row shown
 * in a reviewer's list of a test's candidates, their personal invitation shown in the list of
 * a test's invitations, and their status, score and progress read by the company's
 * applicant-tracking system (`status`: Greenhouse's `test_status`).
 */
export const ACCESS_ACTIONS = [
  'opened',
  'video',
  'csv',
  'export',
  'changed',
  'revealed',
  'listed',
  'listed-invitation',
  'listed-message',
  'status',
  'listed-log',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/**
 * Who looked, as the candidate is told it: a role of the company, the company's applicant-tracking
 * system (`ats`: Greenhouse, with a key the company gave it), or the service's operator.
 */
export const ACCESS_ROLES = ['admin', 'reviewer', 'ats', 'operator'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/** What the candidate is shown of the looks at their submission: when, and by how many of each role. */
export const myAccessSchema = z.object({
  /** Newest first: when and as what, never who. */
  looks: z.array(z.object({ at: isoTimeSchema, role: z.enum(ACCESS_ROLES), action: z.enum(ACCESS_ACTIONS) })),
  people: z.object({
    admin: z.number().int(),
    reviewer: z.number().int(),
    ats: z.number().int(),
    operator: z.number().int(),
  }),
});

/** A finished video (`received`), one still uploading, an explicit "no video" (`skipped`), or nothing yet. */
export const VIDEO_STATES = ['received', 'uploading', 'skipped', 'none'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** `GET /api/my-record`: what the server holds for the candidate's own session, as the reviewer will see it. */
export const myRecordSchema = z.object({
  sessionId: z.string(),
  testId: z.string(),
  /** When the registration arrived. */
  registeredAt: isoTimeSchema.nullable(),
  answers: z
    .object({
      /** The last save the server kept. */
      receivedAt: isoTimeSchema,
      /** When the first final submit arrived; null while the quiz is open. */
      submittedAt: isoTimeSchema.nullable(),
      finalReason: z.enum(FINAL_REASONS).nullable(),
      /** Whether the last save arrived after the quiz time (extra time included) and its grace. */
      late: z.boolean().nullable(),
    })
    .nullable(),
  signals: signalsSchema,
  timeline: z.array(timelineEventSchema),
  deviceChecks: z.array(z.object({ receivedAt: isoTimeSchema, result: z.boolean() })),
  video: z.object({ state: z.enum(VIDEO_STATES), at: isoTimeSchema.nullable() }),
  feedbackReceivedAt: isoTimeSchema.nullable(),
  /** Every look at the submission by the company or the operator: when, and how many people of each role. */
  access: myAccessSchema,
});

export type TimelineEventView = z.infer<typeof timelineEventSchema>;
export type Signals = z.infer<typeof signalsSchema>;
export type MyRecord = z.infer<typeof myRecordSchema>;
export type MyAccess = z.infer<typeof myAccessSchema>;
