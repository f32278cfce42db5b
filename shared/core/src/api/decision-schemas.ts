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
 * company's stage reasons, as they are written there.
 */
export const stageChangeSchema = z
  .object({
    from: z.enum(CANDIDATE_STAGES, {
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
 */
export const decisionsSchema = z.object({
  stage: z.enum(CANDIDATE_STAGES),
  history: z.array(stageEntrySchema),
  notes: z.array(noteSchema),
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

export type StageChange = z.input<typeof stageChangeSchema>;
export type StageEntry = z.infer<typeof stageEntrySchema>;
export type Decisions = z.infer<typeof decisionsSchema>;
export type NoteView = z.infer<typeof noteSchema>;
