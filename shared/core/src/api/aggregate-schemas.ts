import { GENDER_OPTIONS } from '../form/confirmation-form.ts';
import { z } from '../zod.ts';
import { CANDIDATE_STAGES } from './decision-schemas.ts';

/** The groups of the aggregate report: the form's options, and those who gave no answer. */
export const DEMOGRAPHIC_GROUPS = [...GENDER_OPTIONS, 'Not answered'] as const;
export type DemographicGroup = (typeof DEMOGRAPHIC_GROUPS)[number];

/** Counts under this are never shown (SPEC section 0: cells under 5 suppressed). */
export const SMALLEST_SHOWN_COUNT = 5;

/** The adverse impact indicator: a group advanced at under four fifths of the highest rate. */
export const FOUR_FIFTHS = 0.8;

/** A count, or null where it is under 5 or would let someone work one out by subtraction. */
const countCell = z.number().int().nonnegative().nullable();

const stageCounts = <Cell extends z.ZodTypeAny>(cell: Cell) =>
  z.object(
    Object.fromEntries(CANDIDATE_STAGES.map((stage) => [stage, cell])) as Record<
      (typeof CANDIDATE_STAGES)[number],
      Cell
    >,
  );

/**
 * A month's candidates are counted once that month has ended and each of them has a decision, or
 * this many days after it ended at the latest; from then on the month's counts never change.
 */
export const MONTH_COUNTED_WITHIN_DAYS = 30;

/** The counts of one month's candidates, as they were when the month was counted. */
export const countedMonthSchema = z.object({
  groups: z.array(
    z.object({
      group: z.enum(DEMOGRAPHIC_GROUPS),
      registered: countCell,
      finished: countCell,
      stages: stageCounts(countCell),
      /** Advanced over registered; null where either count is hidden. */
      advanceRate: z.number().min(0).max(1).nullable(),
      /** The group's advance rate over the highest group's; null where a rate is missing or none advanced. */
      impactRatio: z.number().min(0).max(1).nullable(),
    }),
  ),
  total: z.object({
    registered: z.number().int(),
    finished: z.number().int(),
    stages: stageCounts(z.number().int()),
  }),
});

/** A month of registration (UTC), as `2026-11`. */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/**
 * `GET /api/review/tests/:testId/gender-report`: candidates counted by group, never one by one, and
 * by the month they registered in, newest first. A month is shown once, when it is counted, and
 * never again differently: two looks at counts that still moved would tell a reviewer, from what
 * changed between them, the group of whomever they had just moved or seen register.
 */
export const genderReportSchema = z.object({
  testId: z.string(),
  months: z.array(
    z.discriminatedUnion('counted', [
      countedMonthSchema.extend({ month, counted: z.literal(true), countedAt: z.number().int() }),
      /** Not counted yet: at the latest by `countedBy`. */
      z.object({ month, counted: z.literal(false), countedBy: z.number().int() }),
    ]),
  ),
});

export type CountedMonth = z.infer<typeof countedMonthSchema>;
export type GenderReport = z.infer<typeof genderReportSchema>;
export type GenderReportMonth = GenderReport['months'][number];
export type GenderReportGroup = CountedMonth['groups'][number];
