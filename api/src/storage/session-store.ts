import type {
  deviceCheckFactsSchema,
  feedbackSchema,
  proctoringSchema,
  quizCompleteSchema,
  registrationSchema,
} from '@assessment/shared/api-schemas';
import type { z } from 'zod';

/**
 * Everything a candidate sends, behind one interface so another database (Postgres) can replace
 * SQLite without touching the routes. Every method is async for that reason, though SQLite is not.
 *
 * Every write names its session and invitation; a session id already tied to another invitation
 * is refused with `SessionConflictError` and changes nothing.
 */

export type Registration = z.output<typeof registrationSchema>;
export type QuizComplete = z.output<typeof quizCompleteSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
export type Proctoring = z.output<typeof proctoringSchema>;
export type DeviceCheckFacts = z.output<typeof deviceCheckFactsSchema>;

export interface SessionRef {
  sessionId: string;
  inviteId: string;
  /** Server clock (ms) when the request arrived. */
  receivedAt: number;
}

export interface AnswersWrite extends SessionRef {
  /** Already sanitized. */
  answers: [string, string, string];
  proctoring: Proctoring;
  revision: number;
  savedAt: number;
  final: boolean;
}

export interface VideoUploadStart extends SessionRef {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
}

export interface VideoUploadFinish {
  uploadId: string;
  bytes: number;
  /** Decided from the file's first bytes. */
  contentType: string;
  /** From the file's header, else as measured by the browser, else unknown. */
  durationSeconds: number | null;
  completedAt: number;
}

export interface StoredAnswers {
  answers: [string, string, string];
  proctoring: Proctoring;
  revision: number;
  savedAt: number;
  receivedAt: number;
  final: boolean;
  /** When the first final submit arrived. */
  submittedAt: number | null;
}

export interface StoredVideo {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
  contentType: string | null;
  bytes: number | null;
  durationSeconds: number | null;
  createdAt: number;
  completedAt: number | null;
}

export interface SessionRecord {
  sessionId: string;
  inviteId: string;
  /** When the server first heard of this session: the start the late flag counts from. */
  startedAt: number;
  registration: { payload: Registration; receivedAt: number; updatedAt: number } | null;
  answers: StoredAnswers | null;
  quizComplete: { payload: QuizComplete; receivedAt: number } | null;
  deviceChecks: { checkId: string; facts: DeviceCheckFacts; result: boolean; receivedAt: number }[];
  /** Oldest first. */
  videos: StoredVideo[];
  videoSkip: { reason: string; receivedAt: number } | null;
  feedback: { payload: Feedback; receivedAt: number; updatedAt: number } | null;
}

export class SessionConflictError extends Error {
  constructor(sessionId: string) {
    super(`Session "${sessionId}" belongs to another invitation`);
    this.name = 'SessionConflictError';
  }
}

export interface SessionStore {
  /** A repeat replaces the details but never the start time. */
  saveRegistration(ref: SessionRef, registration: Registration): Promise<void>;
  /** The first notice counts; repeats change nothing. */
  saveQuizComplete(ref: SessionRef, notice: QuizComplete): Promise<void>;
  /** Keeps the highest revision; an older or equal one arriving late changes nothing but the final flag. */
  saveAnswers(write: AnswersWrite): Promise<{ stored: boolean; revision: number }>;
  /** Keyed by check id: a repeat returns the first result. */
  saveDeviceCheck(ref: SessionRef, checkId: string, facts: DeviceCheckFacts, result: boolean): Promise<boolean>;
  saveVideoSkip(ref: SessionRef, reason: string): Promise<void>;
  saveFeedback(ref: SessionRef, feedback: Feedback): Promise<void>;
  startVideoUpload(start: VideoUploadStart): Promise<void>;
  finishVideoUpload(finish: VideoUploadFinish): Promise<void>;
  /** For an upload refused after it began (its content is not a video). */
  forgetVideoUpload(uploadId: string): Promise<void>;
  listSessions(): Promise<SessionRecord[]>;
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  close(): Promise<void>;
}
