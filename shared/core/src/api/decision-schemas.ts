import { z } from '../zod.ts';
import { isoTimeSchema } from './record-schemas.ts';

/** Where a candidate stands with the hiring company; every candidate starts as `new`. */
export const CANDIDATE_STAGES = ['new', 'reviewing', 'advance', 'decline'] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];

export const STAGE_NAMES: Record<CandidateStage, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  advance: 'Advance',
  decline: 'Decline',
};

/**
 * A stage as a reviewer is shown it. Until they have rated a candidate of a test with a rubric,
 * a teammate's Advance or Decline shows as `moved-on`: that the candidate is out of the running,
 * so nobody rates them by mistake, and not which way, by whom, or why (issue 53).
 */
export const SHOWN_STAGES = [...CANDIDATE_STAGES, 'moved-on'] as const;
export type ShownStage = (typeof SHOWN_STAGES)[number];
export const SHOWN_STAGE_NAMES: Record<ShownStage, string> = { ...STAGE_NAMES, 'moved-on': 'Moved on' };

export const STAGE_REASON_MAX_LENGTH = 200;
/** Reasons a company may list: enough for its own words, few enough to read in one select. */
export const STAGE_REASONS_MAX = 20;
export const NOTE_MAX_LENGTH = 2000;

/**
 * A company's stage reasons as its admin writes them, in order: each once (compared without case),
 * none empty.
 */
export const stageReasonsSchema = z
  .array(z.string().trim().min(1, 'must not be empty').max(STAGE_REASON_MAX_LENGTH))
  .max(STAGE_REASONS_MAX)
  .refine((reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length, {
    message: 'must name each reason once',
  });

/**
 * `PUT /api/review/candidates/:sessionId/stage`. `from` is the stage the reviewer saw when they
 * chose: the change is made only if the candidate is still there, so that a teammate's decision
 * made meanwhile is never overwritten unseen (409, `stageConflictSchema`). Required, as a request
 * without it could not be told from one that overwrites. The reason, when given, is one of the
 * company's stage reasons, as they are written there. A candidate shown as `moved-on` is not moved
 * by a reviewer who has not rated them (409): they would undo a decision they are not shown.
 */
export const stageChangeSchema = z
  .object({
    from: z.enum(SHOWN_STAGES, {
      error: (issue) =>
        issue.input === undefined
          ? 'name the stage you saw the candidate at, so that a change made meanwhile is not overwritten'
          : undefined,
    }),
    stage: z.enum(CANDIDATE_STAGES),
    reason: z.string().trim().max(STAGE_REASON_MAX_LENGTH).optional(),
  })
  .strict();

/** `POST /api/review/candidates/:sessionId/notes`. */
export const noteCreateSchema = z
  .object({ body: z.string().trim().min(1, 'must not be empty').max(NOTE_MAX_LENGTH) })
  .strict();

export const stageEntrySchema = z.object({
  from: z.enum(CANDIDATE_STAGES),
  to: z.enum(CANDIDATE_STAGES),
  reason: z.string().nullable(),
  /** The reviewer's name and email as they were then. */
  by: z.string(),
  at: isoTimeSchema,
});

export const noteSchema = z.object({
  noteId: z.string(),
  body: z.string(),
  by: z.string(),
  at: isoTimeSchema,
});

/**
 * `GET /api/review/candidates/:sessionId/decisions`: the candidate's stage, how it got there, and
 * the team's notes, oldest first. For the company's reviewers only; the candidate never sees it.
 * `withheld`: the test has a rubric and this reviewer has not rated the candidate, so the history
 * and the notes are their own only, and a teammate's Advance or Decline is `moved-on`.
 */
export const decisionsSchema = z.object({
  stage: z.enum(SHOWN_STAGES),
  history: z.array(stageEntrySchema),
  notes: z.array(noteSchema),
  withheld: z.boolean(),
});

/** The `code` of a stage change refused because the stage moved since the reviewer saw it. */
export const STAGE_CHANGED_MEANWHILE = 'stage_changed_meanwhile';

/**
 * 409 from `PUT .../stage` when the candidate is no longer at `from`: nothing was saved, and the
 * answer is the candidate as they stand now; the last entry of `history` says who set the stage,
 * and when.
 */
export const stageConflictSchema = decisionsSchema.extend({
  error: z.string(),
  code: z.literal(STAGE_CHANGED_MEANWHILE),
});

/** The most candidates one bulk stage change moves: the longest page of the list. */
export const MAX_BULK_STAGE_CHANGES = 100;

/**
 * `POST /api/review/tests/:testId/stages`: the candidates chosen in the list, each with the stage
 * the reviewer saw them at, moved to one stage with one reason. Each is checked and moved as one
 * stage change of their own would be: one shown to the reviewer as `moved-on` stays where a
 * teammate put them.
 */
export const bulkStageChangeSchema = z
  .object({
    candidates: z
      .array(z.object({ sessionId: z.string().min(1).max(200), from: z.enum(SHOWN_STAGES) }).strict())
      .min(1)
      .max(MAX_BULK_STAGE_CHANGES),
    stage: z.enum(CANDIDATE_STAGES),
    reason: z.string().trim().max(STAGE_REASON_MAX_LENGTH).optional(),
  })
  .strict();

/**
 * How each candidate of a bulk stage change went: moved; already at that stage; moved by a teammate
 * since the list showed them (left as they are); not one of this test's candidates; or refused,
 * with why.
 */
export const bulkStageResultSchema = z.object({
  results: z.array(
    z.object({
      sessionId: z.string(),
      outcome: z.enum(['changed', 'unchanged', 'moved-meanwhile', 'not-found', 'refused']),
      /** Where the candidate is now, as the reviewer is shown it (`SHOWN_STAGES`); null when not found. */
      stage: z.enum(SHOWN_STAGES).nullable(),
      /** Why a refused one was refused; null otherwise. */
      problem: z.string().nullable(),
    }),
  ),
});

export type StageChange = z.input<typeof stageChangeSchema>;
export type BulkStageChange = z.input<typeof bulkStageChangeSchema>;
export type BulkStageResult = z.infer<typeof bulkStageResultSchema>;
export type StageEntry = z.infer<typeof stageEntrySchema>;
export type Decisions = z.infer<typeof decisionsSchema>;
export type NoteView = z.infer<typeof noteSchema>;
