import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';

/**
 * The hiring team's ratings: a rubric per test, fixed before anyone rates, and each reviewer's own
 * scores and recommendation, hidden from them until they have given theirs (issue 24: anchoring).
 */

export const RATING_SCALE = [1, 2, 3, 4, 5] as const;
export const RUBRIC_MAX_CRITERIA = 20;
export const CRITERION_NAME_MAX_LENGTH = 80;
export const ANCHOR_MAX_LENGTH = 300;
/** Ratings of one criterion this far apart or more are marked for the team to discuss. */
export const DISCUSS_SPREAD = 2;

export const RECOMMENDATIONS = ['strong-no', 'no', 'yes', 'strong-yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_NAMES: Record<Recommendation, string> = {
  'strong-no': 'Strong no',
  no: 'No',
  yes: 'Yes',
  'strong-yes': 'Strong yes',
};

/**
 * What the team recommends, as one word: `yes` when more of its ratings recommend yes or strong yes
 * than no or strong no (the majority is for), `no` the other way round, and `split` when as many
 * are on each side. The counts of each recommendation go with it wherever it is shown.
 */
export const TEAM_VERDICTS = ['yes', 'no', 'split'] as const;
export type TeamVerdict = (typeof TEAM_VERDICTS)[number];
export const TEAM_VERDICT_NAMES: Record<TeamVerdict, string> = { yes: 'Yes', no: 'No', split: 'Split' };
/** How the page and DEPLOY.md say the team's recommendation is summed up. */
export const TEAM_VERDICT_RULE =
  'The team recommends Yes when more of its ratings say yes or strong yes than no or strong no, No when more say no or strong no, and Split when as many say each.';

/** How many of the team's ratings gave each recommendation. */
export const recommendationCountsSchema = z.object({
  'strong-no': z.number().int().nonnegative(),
  no: z.number().int().nonnegative(),
  yes: z.number().int().nonnegative(),
  'strong-yes': z.number().int().nonnegative(),
});

const anchorSchema = z.string().trim().min(1, 'must not be empty').max(ANCHOR_MAX_LENGTH);

/**
 * One criterion: what it is about (a question by its number, from 1, or the video), its name, and
 * what a 1, a 3 and a 5 look like.
 */
export const criterionSchema = z
  .object({
    about: z.union([z.number().int().min(1).max(100), z.literal('video')]),
    name: z.string().trim().min(1, 'must not be empty').max(CRITERION_NAME_MAX_LENGTH),
    anchors: z.object({ one: anchorSchema, three: anchorSchema, five: anchorSchema }).strict(),
  })
  .strict();

/**
 * `PUT /api/review/tests/:testId/rubric` (a company admin's): the criteria, and the version the
 * admin changed (null when writing the first). Saving makes the next version; a save whose edited
 * version is no longer the latest is refused, so that one admin never overwrites unseen what
 * another saved meanwhile.
 */
export const rubricUpdateSchema = z
  .object({
    editedVersion: z.number().int().positive().nullable(),
    criteria: z.array(criterionSchema).min(1, 'needs at least one criterion').max(RUBRIC_MAX_CRITERIA),
  })
  .strict();

/**
 * `GET /api/review/tests/:testId/rubric`: the test's rubric as it stands (version null before the
 * first), and whether a rating was given under it. A version's criteria never change: every save
 * makes a new one, so a score given under a version means what that version said.
 */
export const rubricSchema = z.object({
  version: z.number().int().positive().nullable(),
  criteria: z.array(criterionSchema),
  locked: z.boolean(),
});

const scoreSchema = z.number().int().min(1).max(5);

/**
 * `PUT /api/review/candidates/:sessionId/ratings/mine`: one score per criterion of that version,
 * in order. A criterion about the video may be null: the candidate sent none, or the reviewer
 * rates the written answers first while blind review hides the video.
 */
export const ratingSubmitSchema = z
  .object({
    rubricVersion: z.number().int().positive(),
    scores: z.array(scoreSchema.nullable()).min(1).max(RUBRIC_MAX_CRITERIA),
    recommendation: z.enum(RECOMMENDATIONS),
  })
  .strict();

export const ratingSchema = z.object({
  /** The reviewer's name and email as they were then. */
  by: z.string(),
  rubricVersion: z.number().int().positive(),
  /** The criteria of that version, which `scores` follow in order: a later version never renames them. */
  criteria: z.array(criterionSchema),
  scores: z.array(scoreSchema.nullable()),
  recommendation: z.enum(RECOMMENDATIONS),
  at: isoTimeSchema,
});

export const criterionSummarySchema = z.object({
  /** The criterion, as every version that has it says it. */
  criterion: criterionSchema,
  mean: z.number(),
  /** The highest score less the lowest. */
  spread: z.number().int(),
  count: z.number().int(),
  discuss: z.boolean(),
});

/**
 * `GET /api/review/candidates/:sessionId/ratings`: the rubric to rate under, the reviewer's own
 * rating, and the team's only once the reviewer has given theirs (null before: the server never
 * sends a teammate's score to someone who has not rated).
 */
export const candidateRatingsSchema = z.object({
  rubric: rubricSchema,
  mine: ratingSchema.nullable(),
  team: z
    .object({
      /** Every rating of the candidate, theirs included, each with the version it was given under. */
      ratings: z.array(ratingSchema),
      /**
       * Each criterion's figures over every rating that has it (`sameCriterion`: a version that left
       * it as it was asks the same question), the current rubric's first, in its order, then those
       * only older versions have.
       */
      criteria: z.array(criterionSummarySchema),
    })
    .nullable(),
});

export type Criterion = z.infer<typeof criterionSchema>;
export type RubricUpdate = z.input<typeof rubricUpdateSchema>;
export type Rubric = z.infer<typeof rubricSchema>;
export type RatingSubmit = z.input<typeof ratingSubmitSchema>;
export type RatingView = z.infer<typeof ratingSchema>;
export type CriterionSummary = z.infer<typeof criterionSummarySchema>;
export type CandidateRatings = z.infer<typeof candidateRatingsSchema>;
export type RecommendationCounts = z.infer<typeof recommendationCountsSchema>;
