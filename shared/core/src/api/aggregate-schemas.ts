import { GENDER_OPTIONS } from '../form/confirmation-form.ts';
import { z } from '../zod.ts';

/** The groups of the aggregate report: the form's options, and those who gave no answer. */
export const DEMOGRAPHIC_GROUPS = [...GENDER_OPTIONS, 'Not answered'] as const;
export type DemographicGroup = (typeof DEMOGRAPHIC_GROUPS)[number];

/** Counts under this are never shown (SPEC section 0: cells under 5 suppressed). */
export const SMALLEST_SHOWN_COUNT = 5;

/** A count, or null where it is under 5 or would let someone work one out by subtraction. */
const countCell = z.number().int().nonnegative().nullable();

/** `GET /api/review/tests/:testId/gender-report`: candidates counted by group, never one by one. */
export const genderReportSchema = z.object({
  testId: z.string(),
  groups: z.array(z.object({ group: z.enum(DEMOGRAPHIC_GROUPS), registered: countCell, finished: countCell })),
  total: z.object({ registered: z.number().int(), finished: z.number().int() }),
});

export type GenderReport = z.infer<typeof genderReportSchema>;
