import { GENDER_OPTIONS, WORK_EXPERIENCE_OPTIONS } from '../form/confirmation-form.ts';
import { INVITATION_TOKEN_PATTERN } from '../invite/invitation.ts';
import { wireInvitationField, wireSessionFields } from '../spec-names.ts';
import { z } from '../zod.ts';

/**
 * The wire format of every API call. The browser client takes its payload types from here and the
 * server validates with the same schemas, so the two can never drift apart.
 *
 * Free-text limits are deliberately loose: a schema stricter than the form it serves would make the
 * server refuse (and the outbox drop) something the candidate was allowed to type.
 */

/** Largest request body the server takes (uploads aside); larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** One answer, as UTF-8 HTML; pasted images are inlined as base64, so this is mostly image room. */
export const ANSWER_MAX_BYTES = 400_000;
/**
 * All three answers together. Leaves about 140 KB of the body limit for JSON escaping of quotes,
 * the proctoring record and the other fields.
 */
export const ANSWERS_TOTAL_MAX_BYTES = 900_000;
/** Pastes listed per question; later ones are only counted (`droppedPastes`). */
export const MAX_LISTED_PASTES = 500;
/** Switch times listed per question (and off the questions); later ones are only counted. */
export const MAX_LISTED_SWITCH_TIMES = 500;
export const FEEDBACK_MAX_CHARS = 2000;

const utf8 = new TextEncoder();
export function utf8Length(text: string): number {
  return utf8.encode(text).length;
}

/**
 * Whether `texts` take at most `max` bytes as UTF-8, together. No UTF-16 unit takes more than 3
 * bytes (a surrogate pair takes 4 for its 2), so texts far enough under the limit are not encoded:
 * encoding every autosave's answers to count them was 4% of the server's event loop
 * (`bench/README.md`).
 */
export function utf8LengthAtMost(texts: string | readonly string[], max: number): boolean {
  const all = typeof texts === 'string' ? [texts] : texts;
  return (
    all.reduce((sum, text) => sum + text.length, 0) * 3 <= max ||
    all.reduce((sum, text) => sum + utf8Length(text), 0) <= max
  );
}

/** The test id of an invitation link; whether it names a known test is checked by the server. */
export const testIdSchema = z
  .string()
  .regex(/^[a-z0-9]{8}$/, 'must be an invitation id: 8 lowercase letters or digits');
/** The random session id made at registration; also safe to use in file names and URLs. */
export const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a session id: 8 to 64 letters, digits, "-" or "_"');

/**
 * The header that carries the session key: a random secret the candidate's browser makes with
 * the session id and keeps to itself. The server stores only its hash; every write must carry it.
 */
export const SESSION_KEY_HEADER = 'Session-Key';
/** 32 random bytes, base64url. */
export const sessionKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a session key: 43 base64url characters');
/** The header naming the session a read is for (`GET /api/my-record`, which has no body). */
export const SESSION_ID_HEADER = 'X-Session-Id';

/** The token of a personal invitation link (`/invite/<testId>-<token>`). */
export const invitationTokenSchema = z
  .string()
  .regex(INVITATION_TOKEN_PATTERN, 'must be an invitation token: 26 lowercase letters or digits');

const timestampSchema = z.number().int().nonnegative();
const countSchema = z.number().int().nonnegative();
const text = (max: number) => z.string().max(max);
const requiredText = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

const sessionRef = wireSessionFields(sessionIdSchema, testIdSchema);

export const deviceInfoSchema = z.object({
  os: z.object({ name: text(200), version: text(200) }),
  browser: z.object({ name: text(200), major: text(50), version: text(200) }),
  mobile: z.boolean(),
  social: text(2000),
  gender: text(50),
  screen: text(50),
});

export const registrationSchema = z.object({
  ...sessionRef,
  name: requiredText(300),
  email: requiredText(320),
  /** Company name followed by the device-info JSON, as the original product sent it. */
  company: text(5000),
  fullName: requiredText(300),
  workExperience: z.enum(WORK_EXPERIENCE_OPTIONS),
  social: requiredText(2000),
  gender: z.enum([...GENDER_OPTIONS, '']),
  declaration: z.literal(true),
  /** When the candidate agreed (ms since the epoch, browser clock). */
  startTime: timestampSchema,
  deviceInfo: deviceInfoSchema,
  /** The token of the personal link the candidate opened; absent for the open link. */
  ...wireInvitationField(invitationTokenSchema.optional()),
});

const htmlAnswerSchema = z
  .string()
  .refine((html) => utf8LengthAtMost(html, ANSWER_MAX_BYTES), `must be at most ${ANSWER_MAX_BYTES} bytes of HTML`);

export const pasteSchema = z.object({
  /** Characters pasted. */
  chars: countSchema,
  /** When (ms since the epoch). */
  at: timestampSchema,
});

export const questionProctoringSchema = z.object({
  pastes: z.array(pasteSchema).max(MAX_LISTED_PASTES),
  /** Pastes left out of `pastes` because the list was full; they still count. */
  droppedPastes: countSchema.default(0),
  /** Tab or window switches while this question was open. */
  switches: countSchema,
  /** When each of those switches happened (ms since the epoch), for the reviewer's timeline. */
  switchTimes: z.array(timestampSchema).max(MAX_LISTED_SWITCH_TIMES).default([]),
  /** Switches left out of `switchTimes` because the list was full; `switches` still counts them. */
  droppedSwitchTimes: countSchema.default(0),
});

export const proctoringSchema = z.object({
  /**
   * When the candidate pressed Start the quiz, on the browser's clock like every other time in
   * this record, so their times into the quiz are measured from it (the server's `quizStartedAt`
   * is another clock). Saves from pages older than it, still queued in an outbox, come without.
   */
  startedAt: timestampSchema.optional(),
  /** Every tab or window switch during the quiz, including those on the question list. */
  tabSwitches: countSchema,
  perQuestion: z.tuple([questionProctoringSchema, questionProctoringSchema, questionProctoringSchema]),
  /** When each switch with no question open happened (the question list, the instructions). */
  listSwitchTimes: z.array(timestampSchema).max(MAX_LISTED_SWITCH_TIMES).default([]),
  /** Switches with no question open left out of `listSwitchTimes` because the list was full. */
  droppedListSwitchTimes: countSchema.default(0),
});

/** Why the answers became final: the candidate's Complete, or the end of the quiz time. */
export const FINAL_REASONS = ['complete', 'time-up'] as const;
export type FinalReason = (typeof FINAL_REASONS)[number];

export const answersSchema = z.object({
  ...sessionRef,
  answers: z
    .tuple([htmlAnswerSchema, htmlAnswerSchema, htmlAnswerSchema])
    .refine(
      (answers) => utf8LengthAtMost(answers, ANSWERS_TOTAL_MAX_BYTES),
      `must be at most ${ANSWERS_TOTAL_MAX_BYTES} bytes of HTML together`,
    ),
  proctoring: proctoringSchema,
  /**
   * Orders saves: the server keeps the highest. It must grow across page reloads too, so the
   * client derives it from the clock (see `saveAnswers`).
   */
  revision: countSchema,
  /** When the browser saved (ms since the epoch). */
  savedAt: timestampSchema,
  /** True for the submit on Complete or at time-out; once final, always final. */
  final: z.boolean(),
  /**
   * Sent with `final: true`: which of the two ended the quiz, as the browser saw it. The server
   * stores its own reason, from its own deadline (`api/src/answers/final-reason.ts`).
   */
  finalReason: z.enum(FINAL_REASONS).optional(),
});

export const deviceCheckFactsSchema = z.object({
  secureContext: z.boolean(),
  mediaDevicesAvailable: z.boolean(),
  videoInputs: countSchema,
  permission: z.enum(['granted', 'denied', 'prompt', 'unknown']),
});

/**
 * Camera checks kept per session. The browser sends one when its facts change, so a candidate
 * sends a few; past this many a check is still answered, from its facts, but not stored, so a
 * session cannot grow its record (read whole by every look at it) without end.
 */
export const MAX_KEPT_DEVICE_CHECKS = 50;

export const deviceCheckSchema = z.object({
  ...sessionRef,
  company: text(5000),
  /** Made by the client for each check, so a repeated call is recognised. */
  checkId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "-" or "_"'),
  facts: deviceCheckFactsSchema,
});

export type DeviceCheckFacts = z.infer<typeof deviceCheckFactsSchema>;

/**
 * The camera check, from the browser's own facts only: the server adds nothing that could make it
 * fail (README.md, What this is). The browser runs the same function, so both always agree.
 */
export function deviceCheckPasses(facts: DeviceCheckFacts): boolean {
  return facts.secureContext && facts.mediaDevicesAvailable && facts.videoInputs > 0 && facts.permission !== 'denied';
}

const sectionNotice = {
  ...sessionRef,
  userName: text(300),
  companyName: text(300),
  roleName: text(300),
};

export const quizCompleteSchema = z.object(sectionNotice);

/** The candidate pressed the quiz's start button: the server's deadline counts from when this arrives. */
export const quizStartSchema = z.object(sessionRef);

/**
 * A section's own record (`POST /api/sections/<id>/record`): the session it belongs to, and what the
 * section keeps, which the section's registry entry checks (`SectionDefinition.record`).
 */
export const sectionRecordRequestSchema = z.object({ ...sessionRef, record: z.unknown() });
export type SectionRecordRequest = z.input<typeof sectionRecordRequestSchema>;

/**
 * Why a section could not be shown to the candidate: its remote could not be reached, it was built
 * for another section contract (being updated), or it stopped working as it rendered.
 */
export const SECTION_TROUBLE_KINDS = ['unreachable', 'contract', 'crashed'] as const;
export type SectionTroubleKind = (typeof SECTION_TROUBLE_KINDS)[number];

/** The most section troubles a session keeps: enough for any real afternoon, not a flood's worth. */
export const MAX_SECTION_TROUBLES = 50;

/**
 * `POST /api/section-trouble`: a section that failed in front of the candidate, sent as it fails
 * (`endedAt` null) and again once it shows (`endedAt` set), both under one `troubleId`. Times are
 * the candidate's computer clock, as the proctoring events' are, so reviewers see the minutes it
 * cost on the same clock as the rest of the timeline.
 */
export const sectionTroubleSchema = z
  .object({
    ...sessionRef,
    troubleId: z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 hex digits'),
    sectionId: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a section id'),
    kind: z.enum(SECTION_TROUBLE_KINDS),
    startedAt: z.number().int().nonnegative(),
    endedAt: z.number().int().nonnegative().nullable(),
  })
  .refine((trouble) => trouble.endedAt === null || trouble.endedAt >= trouble.startedAt, {
    message: 'endedAt must not come before startedAt',
    path: ['endedAt'],
  });
export type SectionTroublePayload = z.input<typeof sectionTroubleSchema>;

/** The feedback's star rating: the wire's `currentScore` is 0 to 4 (SPEC section 6), a person reads 1 to 5. */
export const RATING_STARS = 5;

/** The stars a candidate chose, from the wire's `currentScore`. */
export function starsOf(currentScore: number): number {
  return currentScore + 1;
}

/** "4 of 5": the one way a rating is written wherever a person reads it (CSV, review page, exports). */
export function ratingText(stars: number): string {
  return `${stars} of ${RATING_STARS}`;
}

export const feedbackSchema = z.object({
  ...sectionNotice,
  feedback: text(FEEDBACK_MAX_CHARS),
  currentScore: z
    .number()
    .int()
    .min(0)
    .max(RATING_STARS - 1),
});

/**
 * The reasons the video section gives (`reason` below) and the reviewer's screen reads back in
 * words. The schema itself stays free text, so a reason an older client sent is still kept.
 */
export const VIDEO_SKIP_REASONS = [
  'camera-permission-denied',
  'camera-busy',
  'no-camera',
  'camera-unsuitable',
  'camera-unavailable',
  'device-check-failed',
  'recording-unavailable',
  'upload-refused',
  'upload-failing',
] as const;
export type VideoSkipReason = (typeof VIDEO_SKIP_REASONS)[number];

export const videoSkipSchema = z.object({
  ...sessionRef,
  /** Why there is no video, e.g. `no-camera`; free text for the hiring company. */
  reason: text(500),
});

/** Upload-Metadata of the tus video upload (tus-js-client `metadata`); every value is a string. */
export const videoUploadMetadataSchema = z.object({
  ...sessionRef,
  /** The MediaRecorder type; the server decides the real type from the file's first bytes. */
  filetype: z
    .string()
    .regex(/^video\/(webm|mp4|x-matroska)(;.*)?$/i, 'must be video/webm, video/mp4 or video/x-matroska')
    .optional(),
  /** One id per take, made by the client; lets the client find its upload again after a reload. */
  recordingId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "-" or "_"')
    .optional(),
  /** Measured length in seconds, for files whose header has none (Chrome's live WebM). */
  duration: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'must be a number of seconds')
    .optional(),
});

export type RegistrationPayload = z.input<typeof registrationSchema>;
export type DeviceInfoPayload = z.input<typeof deviceInfoSchema>;
export type AnswersPayload = z.input<typeof answersSchema>;
export type ProctoringRecord = z.input<typeof proctoringSchema>;
export type QuestionProctoring = z.input<typeof questionProctoringSchema>;
export type DeviceCheckPayload = z.input<typeof deviceCheckSchema>;
export type QuizCompletePayload = z.input<typeof quizCompleteSchema>;
export type QuizStartPayload = z.input<typeof quizStartSchema>;
export type FeedbackPayload = z.input<typeof feedbackSchema>;
export type VideoSkipPayload = z.input<typeof videoSkipSchema>;
export type VideoUploadMetadata = z.input<typeof videoUploadMetadataSchema>;

/** Every error answer of the API. */
export interface ApiError {
  error: string;
}

export interface DeviceCheckResponse {
  result: boolean;
}

export interface AnswersResponse {
  /** False when the server already held this revision or a newer one (a late or repeated save). */
  stored: boolean;
  /** The revision the server now holds. */
  revision: number;
}
