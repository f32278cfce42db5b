import { z } from '../zod.ts';
import { RECOMMENDATIONS } from './rating-schemas.ts';
import { VIDEO_SKIP_REASONS } from './schemas.ts';

/**
 * `GET /api/review/insights`: a hiring company's pipeline, for one of its tests or all of them,
 * counted together and never one by one. Every figure is computed in the database; a count under
 * `SMALLEST_SHOWN_COUNT` (5), and any figure computed from fewer than 5 candidates, is null: the
 * page reads it "fewer than 5", as the demographics report hides its small cells.
 */

/** The longest period one look covers, in days. */
export const INSIGHTS_MAX_DAYS = 366;

/**
 * The steps of the funnel, in order. A candidate counts at a step once they reached it or any
 * step after it, so each step holds no more than the one before: `finished` is every part of the
 * assessment arrived (final answers, a video or the choice to go on without one, feedback).
 */
export const FUNNEL_STEPS = [
  'invited',
  'opened',
  'registered',
  'quiz-started',
  'quiz-finished',
  'video',
  'feedback',
  'finished',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The open link invites nobody, and opening a public address tells of no one: its funnel starts at registering. */
export const OPEN_LINK_FUNNEL_STEPS = FUNNEL_STEPS.slice(2) as Exclude<FunnelStep, 'invited' | 'opened'>[];

/** The sections whose time is measured, from the server's own times of each step's first and last event. */
export const TIMED_SECTIONS = ['quiz', 'video', 'feedback'] as const;
export type TimedSection = (typeof TIMED_SECTIONS)[number];

/**
 * How the camera check went for a candidate who stopped at the video step: it passed, the last
 * reason it failed, or it never reported.
 */
export const CAMERA_OUTCOMES = ['passed', 'permission-denied', 'no-camera', 'unavailable', 'not-checked'] as const;
export type CameraOutcome = (typeof CAMERA_OUTCOMES)[number];

/** Skip reasons another client sent, and browsers too few to show by name, are counted together under this. */
export const OTHER_GROUP = 'other';

/** The skip reasons counted apart: the video section's own, then any other together. */
export const SKIP_GROUPS = [...VIDEO_SKIP_REASONS, OTHER_GROUP] as const;
export type SkipGroup = (typeof SKIP_GROUPS)[number];

/** A day (UTC), as `2026-11-30`. */
export const insightDaySchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a day, as 2026-11-30');

/** A count, or null where it is under 5. */
const cell = z.number().int().nonnegative().nullable();
/** A share from 0 to 1, or null where it is computed from fewer than 5 candidates or would give a count under 5 away. */
const share = z.number().min(0).max(1).nullable();
/** Milliseconds, or null where fewer than 5 candidates are measured. */
const duration = z.number().int().nonnegative().nullable();

const funnelStepSchema = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: cell,
  /** Those of the step before who did not reach this one; null for the first step too. */
  dropOff: cell,
});

export const insightsSchema = z.object({
  /** Null for all of the company's tests. */
  testId: z.string().nullable(),
  /** The first and the last day of the period, both counted (UTC). */
  from: insightDaySchema,
  to: insightDaySchema,
  /**
   * Personal invitations made in the period, and candidates who registered by the open link in
   * it: each followed to where they are now, whenever they got there.
   */
  funnel: z.object({ personal: z.array(funnelStepSchema), openLink: z.array(funnelStepSchema) }),
  /** The video step of both funnels: a recording, or the choice to go on without one and why. */
  video: z.object({
    sent: cell,
    skipped: cell,
    reasons: z.array(z.object({ reason: z.enum(SKIP_GROUPS), count: cell })),
  }),
  /** Time in each section, of the same candidates: median and 90th percentile (nearest rank). */
  time: z.object({
    sections: z.array(
      z.object({ section: z.enum(TIMED_SECTIONS), candidates: cell, medianMs: duration, p90Ms: duration }),
    ),
    /** Personal invitations with extra quiz time that finished the quiz, and those who took longer than the test's own time. */
    extraTime: z.object({ candidates: cell, used: cell, share }),
  }),
  /** Each day of the period: candidates of the scope who registered, and who finished, that day (UTC). */
  days: z.array(z.object({ day: insightDaySchema, started: cell, finished: cell })),
  /**
   * The team's ratings of the candidates above that the reader has rated themselves: nothing
   * of a teammate's judgement of a candidate reaches a reviewer who has not given their own.
   */
  ratings: z.object({
    /** Candidates counted. */
    candidates: cell,
    /**
     * One test's criteria under its rubric's latest version, each with how many ratings gave it
     * 1 to 5; null for all tests (each has a rubric of its own) or before a rubric.
     */
    criteria: z
      .array(z.object({ name: z.string(), scores: z.array(z.object({ score: z.number().int(), count: cell })) }))
      .nullable(),
    /** Ratings under an earlier version of the rubric: not in `criteria`. */
    otherVersions: cell,
    recommendations: z.array(z.object({ recommendation: z.enum(RECOMMENDATIONS), count: cell })),
    /** Candidates rated by two or more of the team, and the share of them marked "Discuss". */
    discuss: z.object({ candidates: cell, share }),
  }),
  /** Candidates who finished the quiz and have gone no further: how their camera check went, and their browsers. */
  videoStops: z.object({
    stopped: cell,
    cameraChecks: z.array(z.object({ outcome: z.enum(CAMERA_OUTCOMES), count: cell })),
    browsers: z.array(z.object({ browser: z.string(), count: cell })),
  }),
  /** Personal invitations of the period reminded by email, and how many of those were opened after it. */
  reminders: z.object({ reminded: cell, openedAfter: cell }),
});

export type Insights = z.infer<typeof insightsSchema>;
export type InsightsFunnelStep = z.infer<typeof funnelStepSchema>;

/** A day's first millisecond (UTC). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Whether a day of the form `2026-11-30` is on the calendar (not 31 February). */
export function isCalendarDay(day: string): boolean {
  const start = dayStart(day);
  return !Number.isNaN(start) && new Date(start).toISOString().slice(0, 10) === day;
}

/**
 * The query of `GET /api/review/insights`: the period's first and last day (UTC, both counted),
 * and one test, or none for all of the company's tests.
 */
export const insightsQuerySchema = z
  .object({
    from: insightDaySchema,
    to: insightDaySchema,
    testId: z
      .string()
      .regex(/^[a-z0-9]{8}$/, 'must be a test id')
      .optional(),
  })
  .refine((query) => isCalendarDay(query.from) && isCalendarDay(query.to), {
    message: 'must be a day of the calendar',
    path: ['from'],
  })
  .refine((query) => query.from <= query.to, { message: 'must not be before from', path: ['to'] })
  .refine((query) => (dayStart(query.to) - dayStart(query.from)) / 86_400_000 < INSIGHTS_MAX_DAYS, {
    message: `must be at most ${INSIGHTS_MAX_DAYS} days after from`,
    path: ['to'],
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
