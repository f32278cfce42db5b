import { answerTreeSchema } from '../answer-html/answer-tree.ts';
import { INVITATION_ID_PATTERN, INVITATION_STATES } from '../invite/invitation.ts';
import { wireInvitationField } from '../spec-names.ts';
import { z } from '../zod.ts';
import { SHOWN_STAGES, stageReasonsSchema } from './decision-schemas.ts';
import { extraTimePercentSchema } from './invitation-schemas.ts';
import { recommendationCountsSchema, TEAM_VERDICTS } from './rating-schemas.ts';
import { isoTimeSchema, signalsSchema, timelineEventSchema, VIDEO_STATES } from './record-schemas.ts';
import {
  deviceCheckFactsSchema,
  deviceInfoSchema,
  FINAL_REASONS,
  proctoringSchema,
  RATING_STARS,
  registrationSchema,
  SECTION_TROUBLE_KINDS,
  sessionIdSchema,
  testIdSchema,
} from './schemas.ts';

/**
 * The reviewer API (`/api/review/...`) that the review page calls, and the operator's invitation
 * calls (`/api/admin/...`, ADMIN_TOKEN) that take the same bodies. Every answer is JSON, never cached.
 */

export const REVIEW_API_PREFIX = '/api/review';
/** Every reviewer call but GET carries the session's CSRF token (from `GET /api/review/me`) in this header. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** The most items one page of a list holds. */
export const MAX_REVIEW_PAGE_SIZE = 200;
export const DEFAULT_REVIEW_PAGE_SIZE = 50;

export const invitationIdSchema = z.string().regex(INVITATION_ID_PATTERN, 'must be an invitation id');

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_REVIEW_PAGE_SIZE).default(DEFAULT_REVIEW_PAGE_SIZE),
  /** The `next` of the page before. */
  cursor: z.string().min(1).max(200).optional(),
};

// Sign-in

/** `POST /api/review/sign-in`; 204 and the session cookie, or 401 with one message for any wrong pair. */
export const signInSchema = z
  .object({
    email: z.string().trim().min(1, 'must not be empty').max(320),
    password: z.string().min(1, 'must not be empty').max(1024),
  })
  .strict();
export const SIGN_IN_REFUSED = 'Email or password is not right.';

/**
 * A company's people on the review page: an admin also sets the company's rules (rubrics,
 * retention, teammates, mail and webhooks) and reads its access log; a reviewer reviews.
 */
export const REVIEWER_ROLES = ['admin', 'reviewer'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];

/** `GET /api/review/me`: who is signed in, for which company, and the CSRF token of this sign-in. */
export const reviewerMeSchema = z.object({
  reviewer: z.object({ email: z.string(), name: z.string(), role: z.enum(REVIEWER_ROLES) }),
  company: z.object({ companyId: z.string(), companyName: z.string() }),
  csrfToken: z.string(),
  /** Whether emails reach people; without a mail server reviewers copy the links themselves. */
  emailSetUp: z.boolean(),
  /** The reviewer's two-factor sign-in; `required` and not `on`: setting it up is all they can do. */
  twoFactor: z.object({ on: z.boolean(), required: z.boolean() }),
});

/**
 * `GET /api/review/session`: who is signed in in this browser, or null. The review page asks it as
 * it loads; signed out is an answer there, not a refusal (`/api/review/me` answers 401 instead).
 */
export const reviewSessionSchema = z.object({ me: reviewerMeSchema.nullable() });

// Tests

export const reviewTestSchema = z.object({
  testId: testIdSchema,
  roleName: z.string(),
  timeLimitInMinute: z.number().int(),
  questionCount: z.number().int(),
  openLinkAllowed: z.boolean(),
  /**
   * Blind review: each reviewer sees a candidate as a short code, without name, contact, links,
   * work experience, video or device, until they have rated the written answers or chosen to
   * show the candidate (which is on record). Changed by admins only.
   */
  blindReview: z.boolean(),
  counts: z.object({
    /** Invitations made. */
    invited: z.number().int().nonnegative(),
    /** Sessions started, open link or personal. */
    started: z.number().int().nonnegative(),
    /** Of those, the ones that sent nothing after registering: the candidate list leaves them out unless asked for. */
    sentNothing: z.number().int().nonnegative(),
    /** Sessions whose feedback arrived. */
    finished: z.number().int().nonnegative(),
  }),
});
/** `GET /api/review/tests`: the company's tests, in catalogue order. */
export const reviewTestsSchema = z.object({ tests: z.array(reviewTestSchema) });
/** `PATCH /api/review/tests/:testId`; answers the test as `reviewTestSchema`. */
export const testSettingsUpdateSchema = z
  .object({ openLinkAllowed: z.boolean().optional(), blindReview: z.boolean().optional() })
  .strict();

// The company's rules

/** How long a candidate's data may be kept, in days from their start: from a week to ten years. */
export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;

/** Hours before an unstarted invitation expires that its candidate is reminded by email; 0: never. */
export const REMINDER_HOURS_CHOICES = [0, 24, 48, 72] as const;
export const DEFAULT_REMINDER_HOURS = 48;

/** `GET /api/review/company`, and the answer of its `PATCH` (admins only). */
export const companySettingsSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  retentionDays: z.number().int(),
  reminderHours: z.number().int(),
  /** What a reviewer may give as the reason for a stage change; empty until an admin lists some. */
  stageReasons: z.array(z.string()),
  /**
   * The list's version: 0 until an admin saves one, one more at every save. A save names the
   * version it was edited from (`companySettingsUpdateSchema`).
   */
  stageReasonsVersion: z.number().int().nonnegative(),
  /** Who saved the list last, and when; null until an admin saves one. */
  stageReasonsSaved: z.object({ by: z.string(), at: isoTimeSchema }).nullable(),
});

/** The `code` of a stage reasons save refused because another was saved since the admin read the list. */
export const STAGE_REASONS_CHANGED_MEANWHILE = 'stage_reasons_changed_meanwhile';

/**
 * 409 from `PATCH /api/review/company` when `stageReasonsVersion` is no longer the list's: nothing
 * in the request was saved, and the answer is the company's settings as they stand now
 * (`stageReasonsSaved` says who saved the list, and when).
 */
export const stageReasonsConflictSchema = companySettingsSchema.extend({
  error: z.string(),
  code: z.literal(STAGE_REASONS_CHANGED_MEANWHILE),
});

/**
 * `PATCH /api/review/company` (admins): any of the settings. The stage reasons go with the version
 * of the list the admin edited (`stageReasonsVersion` of `GET`): the list is replaced only if it is
 * still that version, so that a teammate's list saved meanwhile is never overwritten unseen (409,
 * `stageReasonsConflictSchema`). The version is required with the list, as a request without it
 * could not be told from one that overwrites; the other settings are kept as the last save says.
 */
export const companySettingsUpdateSchema = z
  .object({
    retentionDays: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS).optional(),
    reminderHours: z
      .number()
      .int()
      .refine((hours) => REMINDER_HOURS_CHOICES.some((choice) => choice === hours), {
        message: `must be one of ${REMINDER_HOURS_CHOICES.join(', ')}`,
      })
      .optional(),
    stageReasons: stageReasonsSchema.optional(),
    stageReasonsVersion: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine(
    (update) =>
      update.retentionDays !== undefined || update.reminderHours !== undefined || update.stageReasons !== undefined,
    { message: 'name a setting to change: retentionDays, reminderHours or stageReasons' },
  )
  .refine((update) => update.stageReasons === undefined || update.stageReasonsVersion !== undefined, {
    path: ['stageReasonsVersion'],
    message:
      'name the version of the stage reasons you edited (stageReasonsVersion, as GET /api/review/company gives it), so that a list saved meanwhile is not overwritten',
  })
  .refine((update) => update.stageReasonsVersion === undefined || update.stageReasons !== undefined, {
    path: ['stageReasons'],
    message: 'send the list that stageReasonsVersion was edited into',
  });

// Candidates

export const CANDIDATE_SORTS = ['startedAt', 'name', 'status', 'signals', 'score'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];
export const CANDIDATE_STATUSES = ['registered', 'quiz-submitted', 'video-done', 'finished'] as const;
/**
 * The candidates who registered and sent nothing since (often not a person at all: a flood) are
 * left out of the list unless asked for: shown with the others, or alone.
 */
export const SILENT_CANDIDATES = ['hide', 'include', 'only'] as const;
export type SilentCandidates = (typeof SILENT_CANDIDATES)[number];
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** The longest text a search of the candidates takes: a whole email address. */
export const CANDIDATE_SEARCH_MAX = 320;

/** `GET /api/review/tests/:testId/candidates?sort=&order=&limit=&cursor=`. */
export const candidatesQuerySchema = z
  .object({
    sort: z.enum(CANDIDATE_SORTS).default('startedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** Only the candidates shown at this stage (`SHOWN_STAGES`); all of them without it. */
    stage: z.enum(SHOWN_STAGES).optional(),
    /**
     * Only the candidates whose team recommendation (`TEAM_VERDICT_RULE`) is this, among those the
     * reviewer has rated.
     */
    recommendation: z.enum(TEAM_VERDICTS).optional(),
    silent: z.enum(SILENT_CANDIDATES).default('hide'),
    /**
     * Only the candidates whose name or email holds this text, in any case. In a blind test it
     * reaches only the candidates the reviewer may see by name: a hidden one is never found by it.
     */
    search: z.string().trim().max(CANDIDATE_SEARCH_MAX).optional(),
    ...pageQuery,
  })
  .strict();

/**
 * How an attempt that did not finish ended, by the server's clock. `timeRanOut`: the quiz's time
 * (with any extra time, and the grace for a late network) passed without its answers submitted,
 * with how many of its answers the candidate's autosave had kept by then; null while the quiz
 * runs, once submitted, and before its clock started. `didNotFinish`: the personal invitation
 * expired before the candidate finished.
 */
const attemptEndSchema = {
  timeRanOut: z
    .object({ answersKept: z.number().int().nonnegative(), questions: z.number().int().nonnegative() })
    .nullable(),
  didNotFinish: z.boolean(),
};

/**
 * `GET /api/review/tests/:testId/export.csv?stage=&recommendation=&silent=`: the candidates the list
 * shows with the same choices, oldest first; by default, as its default view, everyone who sent
 * something. `silent=include` exports every candidate, those who registered and sent nothing too.
 */
export const candidatesExportQuerySchema = candidatesQuerySchema.pick({
  stage: true,
  recommendation: true,
  silent: true,
});

/**
 * `GET .../candidates/:sessionId/neighbours?<the list's query>`: the candidates before and after
 * this one in the list as that query orders and filters it (its page and size aside); null at
 * either end, or when the candidate is not in that list.
 */
export const candidateNeighboursSchema = z.object({
  previous: sessionIdSchema.nullable(),
  next: sessionIdSchema.nullable(),
  /** Where the candidate is in that list, from 1, and how many it holds; null when not in it. */
  position: z.number().int().nullable(),
  total: z.number().int(),
});

export const candidateSummarySchema = z.object({
  sessionId: sessionIdSchema,
  /** Null until the registration arrives (it always comes first, so only in a race). */
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(CANDIDATE_STATUSES),
  startedAt: isoTimeSchema,
  /** When the answers became final. */
  submittedAt: isoTimeSchema.nullable(),
  /** The last answers arrived after the quiz time (extra time included) and its grace; null without answers. */
  late: z.boolean().nullable(),
  /** `time-up`: submitted by the countdown, not by the candidate. */
  finalReason: z.enum(FINAL_REASONS).nullable(),
  /** Signals that need a human look, not proof. */
  signals: signalsSchema,
  video: z.enum(VIDEO_STATES),
  /** The candidate's rating of the assessment, 1 to `RATING_STARS`; null before the feedback. */
  stars: z.number().int().min(1).max(RATING_STARS).nullable(),
  invitationId: invitationIdSchema.nullable(),
  /** As this reviewer is shown it (`SHOWN_STAGES`). */
  stage: z.enum(SHOWN_STAGES),
  /** In a blind review, the code the candidate shows as (name and email are then null). */
  blindCode: z.string().nullable(),
  /**
   * The team's ratings of the candidate: the mean of each reviewer's mean score, how many gave
   * each recommendation, and what that sums up to (`TEAM_VERDICT_RULE`). Null until this reviewer
   * has rated the candidate, as everywhere a teammate's rating could anchor theirs.
   */
  teamScore: z.number().nullable(),
  teamRecommendations: recommendationCountsSchema.nullable(),
  teamVerdict: z.enum(TEAM_VERDICTS).nullable(),
  ...attemptEndSchema,
  /**
   * How many times this candidate's email registered for the test, this time included: more than 1
   * is one person listed more than once. Null where blind review hides the candidate (the count
   * would tie them to a candidate shown by name) or there is no email.
   */
  registrationsOfEmail: z.number().int().nullable(),
});
export const candidatesPageSchema = z.object({
  candidates: z.array(candidateSummarySchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});

// Invitations

export const invitationSchema = z.object({
  invitationId: invitationIdSchema,
  testId: testIdSchema,
  email: z.string(),
  name: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  createdAt: isoTimeSchema,
  expiresAt: isoTimeSchema,
  revokedAt: isoTimeSchema.nullable(),
  finishedAt: isoTimeSchema.nullable(),
  extraTimePercent: extraTimePercentSchema,
  /** The personal link's path, `/invite/<testId>-<token>`; the page makes it absolute. */
  link: z.string(),
  /** The candidate session bound to the link, once a browser registered with it. */
  sessionId: sessionIdSchema.nullable(),
});
/** `GET .../tests/:testId/invitations?limit=&cursor=`: newest first. */
export const invitationsQuerySchema = z.object(pageQuery).strict();
export const invitationsPageSchema = z.object({
  invitations: z.array(invitationSchema),
  next: z.string().nullable(),
});

/** The longest candidate name an invitation takes. */
export const INVITATION_NAME_MAX = 300;

/** `POST .../tests/:testId/invitations`: 201 and the invitation. */
export const createInvitationSchema = z
  .object({
    email: z.email().max(320),
    name: z
      .string()
      .trim()
      .max(INVITATION_NAME_MAX)
      .refine((name) => !name.includes('\u0000'), 'must not hold a NUL character')
      .optional(),
    /** Must be in the future. */
    expiresAt: isoTimeSchema,
    extraTimePercent: extraTimePercentSchema.default(0),
  })
  .strict();

/** Rows one bulk invitation may hold, and the characters of its CSV. */
export const MAX_BULK_INVITATIONS = 500;
export const MAX_BULK_CSV_CHARS = 100_000;

/**
 * `POST .../tests/:testId/invitations/bulk` (company admins): one personal invitation per row of
 * `csv` (email, then an optional name and extra time in percent; a first row naming the columns
 * is skipped), all expiring at `expiresAt`. All are made, or none.
 */
export const bulkInvitationRequestSchema = z
  .object({
    csv: z.string().max(MAX_BULK_CSV_CHARS),
    expiresAt: isoTimeSchema,
  })
  .strict();

/** One row to fix: `line` is the line of the CSV it starts on (1 for the first). */
export const bulkInvitationProblemSchema = z.object({ line: z.number().int(), problem: z.string() });

/** 201: the invitations made, in the order of the rows. */
export const bulkInvitationResultSchema = z.object({ invitations: z.array(invitationSchema) });

/** 400 when any row needs fixing: every such row, and nothing was made. */
export const bulkInvitationRefusalSchema = z.object({
  error: z.string(),
  rows: z.array(bulkInvitationProblemSchema),
});

/**
 * `PATCH .../invitations/:invitationId`: extend (or shorten) the expiry, change the extra time.
 * Applies at once, also to a session already started. A revoked invitation changes no more (409).
 */
export const updateInvitationSchema = z
  .object({ expiresAt: isoTimeSchema.optional(), extraTimePercent: extraTimePercentSchema.optional() })
  .strict()
  .refine((update) => update.expiresAt !== undefined || update.extraTimePercent !== undefined, {
    message: 'must change expiresAt or extraTimePercent',
  });

// One candidate

/**
 * A registration as the company reads it: as stored, with the social link checked and the times.
 * Less the invitation token, which would open the candidate's assessment to anyone who reads it
 * (reviewers know an invitation by its public id: shared/core/src/invite/invitation.ts). Never
 * with the demographic answer, neither as a field nor in the device record: the confirmation form
 * promises it is used only in aggregate (shell/src/features/landing/ConfirmationForm.tsx).
 */
const registrationViewSchema = registrationSchema.omit({ ...wireInvitationField(true), gender: true }).extend({
  deviceInfo: deviceInfoSchema.omit({ gender: true }),
  /** `social` when it is an http(s) address, else null: never a link to anything else. */
  socialLink: z.string().nullable(),
  receivedAt: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema.nullable(),
});

/** The quiz time a session had: its limit with the invitation's extra time, and when answers became late. */
export const quizDeadlineSchema = z.object({
  timeLimitMinutes: z.number().int(),
  extraTimePercent: extraTimePercentSchema,
  /** The quiz's start (`quizStartedAt`, else the registration's `startedAt`) plus the time limit. */
  endsAt: isoTimeSchema,
  /** `endsAt` plus a grace for network delay: answers received after this are flagged late. */
  lateAfter: isoTimeSchema,
});

/**
 * One session as the hiring company reads it: the admin API's `GET /api/admin/sessions/:id`, the
 * export's `sessions.json`, and the base of the reviewer's candidate view.
 */
export const sessionViewSchema = z.object({
  sessionId: sessionIdSchema,
  testId: testIdSchema,
  invitationId: invitationIdSchema.nullable(),
  test: z.object({ companyName: z.string(), roleName: z.string(), timeLimitInMinute: z.number().int() }).nullable(),
  startedAt: isoTimeSchema.nullable(),
  /** The version of each section's release the session was given when it was opened (`pnpm release`). */
  sectionVersions: z.array(z.object({ section: z.string(), version: z.string() })),
  /** Opened through a section team's preview link (`pnpm release preview`): no list or count holds it. */
  preview: z.boolean(),
  /**
   * When the candidate pressed Start the quiz, by the server's clock: the quiz's deadline counts from
   * it. The same moment by the candidate's clock, which their switch and paste times are on, is
   * `proctoring.startedAt`.
   */
  quizStartedAt: isoTimeSchema.nullable(),
  lateAfter: isoTimeSchema.nullable(),
  registration: registrationViewSchema.nullable(),
  answers: z
    .object({
      html: z.tuple([z.string(), z.string(), z.string()]),
      revision: z.number().int(),
      savedAt: z.number().int(),
      receivedAt: isoTimeSchema.nullable(),
      final: z.boolean(),
      submittedAt: isoTimeSchema.nullable(),
      finalReason: z.enum(FINAL_REASONS).nullable(),
      late: z.boolean().nullable(),
    })
    .nullable(),
  proctoring: proctoringSchema.nullable(),
  deviceChecks: z.array(
    z.object({
      checkId: z.string(),
      facts: deviceCheckFactsSchema,
      result: z.boolean(),
      receivedAt: isoTimeSchema.nullable(),
    }),
  ),
  quizCompletedAt: isoTimeSchema.nullable(),
  video: z
    .object({
      status: z.enum(['complete', 'uploading']),
      bytes: z.number().nullable(),
      contentType: z.string().nullable(),
      durationSeconds: z.number().nullable(),
      recordingId: z.string().nullable(),
      startedAt: isoTimeSchema.nullable(),
      completedAt: isoTimeSchema.nullable(),
      /** Where the finished file downloads (with Range requests); null while it uploads. */
      download: z.string().nullable(),
    })
    .nullable(),
  noVideo: z.object({ reason: z.string(), receivedAt: isoTimeSchema.nullable() }).nullable(),
  feedback: z
    .object({
      /** The candidate's rating of the assessment, 1 to `RATING_STARS` (the wire's `currentScore` plus one). */
      stars: z.number().int().min(1).max(RATING_STARS),
      feedback: z.string(),
      receivedAt: isoTimeSchema.nullable(),
      updatedAt: isoTimeSchema.nullable(),
    })
    .nullable(),
  /** What the sections that keep a record of their own kept (`SectionDefinition.record`), in section order. */
  sections: z.array(
    z.object({
      sectionId: z.string(),
      title: z.string(),
      receivedAt: isoTimeSchema.nullable(),
      updatedAt: isoTimeSchema.nullable(),
      fields: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
        }),
      ),
    }),
  ),
});

/**
 * `GET /api/review/candidates/:sessionId`: the session view, with the test's questions (each a list
 * of paragraphs, the first its title), the proctoring timeline, the invitation, and the quiz deadline.
 * The answers come as trees of the editor's elements (`answer-tree.ts`), never as HTML: the review
 * page renders them as React elements and no browser parses what a candidate wrote.
 */
export const candidateDetailSchema = sessionViewSchema.extend({
  answers: sessionViewSchema.shape.answers
    .unwrap()
    .omit({ html: true })
    .extend({
      trees: z.tuple([answerTreeSchema, answerTreeSchema, answerTreeSchema]),
    })
    .nullable(),
  questions: z.array(z.array(z.string())),
  timeline: z.array(timelineEventSchema),
  /**
   * Sections that failed in front of the candidate, in the order they failed: the minutes they lost
   * to the product. Times in ms on the candidate's clock, as the timeline's; `endedAt` null while
   * the section has not shown again, as far as the server heard.
   */
  sectionTroubles: z.array(
    z.object({
      sectionTitle: z.string(),
      kind: z.enum(SECTION_TROUBLE_KINDS),
      startedAt: z.number(),
      endedAt: z.number().nullable(),
    }),
  ),
  signals: signalsSchema,
  invitation: invitationSchema.nullable(),
  deadline: quizDeadlineSchema.nullable(),
  /**
   * Set while the candidate is hidden from this reviewer (blind review): their code. The
   * registration, invitation, video and device checks are then left out by the server.
   */
  blind: z.object({ code: z.string() }).nullable(),
  ...attemptEndSchema,
});

export type SignInPayload = z.input<typeof signInSchema>;
export type ReviewerMe = z.infer<typeof reviewerMeSchema>;
export type ReviewSession = z.infer<typeof reviewSessionSchema>;
export type ReviewTest = z.infer<typeof reviewTestSchema>;
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export type CompanySettingsUpdate = z.input<typeof companySettingsUpdateSchema>;
export type TestSettingsUpdate = z.input<typeof testSettingsUpdateSchema>;
export type CandidatesQuery = z.input<typeof candidatesQuerySchema>;
export type CandidateSummary = z.infer<typeof candidateSummarySchema>;
export type CandidatesPage = z.infer<typeof candidatesPageSchema>;
export type CandidateNeighbours = z.infer<typeof candidateNeighboursSchema>;
export type InvitationView = z.infer<typeof invitationSchema>;
export type InvitationsPage = z.infer<typeof invitationsPageSchema>;
export type CreateInvitationPayload = z.input<typeof createInvitationSchema>;
export type BulkInvitationProblem = z.infer<typeof bulkInvitationProblemSchema>;
export type UpdateInvitationPayload = z.input<typeof updateInvitationSchema>;
export type QuizDeadline = z.infer<typeof quizDeadlineSchema>;
export type SessionView = z.infer<typeof sessionViewSchema>;
export type CandidateDetail = z.infer<typeof candidateDetailSchema>;
