import {
  getTest,
  type ProctoringRecord,
  proctoringSchema,
  proctoringSignals,
  proctoringTimeline,
  quizTimeLimitMinutes,
  type SectionRegistry,
  type SessionView,
  starsOf,
  type TestDefinition,
  type VideoState,
} from '@assessment/core';
import type { QuizClock } from '../storage/sessions/session-reads.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import type { StoredVideo } from '../storage/uploads/upload-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { sectionRecordViews } from './section-records.ts';
import { iso } from './time.ts';

export type { SessionView } from '@assessment/core';

/** Answers arriving within this much after the time limit are network delay, not overtime. */
const LATE_GRACE_MS = 60_000;

/**
 * The quiz time a session has: the test's limit with its invitation's extra time as it is now (a
 * reviewer who adds time adds it at once, also to a session already started), and after when
 * answers are late.
 */
export function quizDeadline(test: TestDefinition, startedAt: number, extraTimePercent: number) {
  const timeLimitMinutes = quizTimeLimitMinutes(test, extraTimePercent);
  const endsAt = startedAt + timeLimitMinutes * 60_000;
  return { timeLimitMinutes, extraTimePercent, endsAt, lateAfter: endsAt + LATE_GRACE_MS };
}

/**
 * Where the quiz's clock starts: when the candidate pressed its start button; for a session from
 * before that was kept, or one that never pressed it, its registration.
 */
export function clockStartOf(session: { startedAt: number; quizStartedAt: number | null }): number {
  return session.quizStartedAt ?? session.startedAt;
}

export function deadlineOf(record: SessionRecord) {
  return quizClockDeadline({ ...record, extraTimePercent: record.invitation?.extraTimePercent ?? 0 });
}

export function quizClockDeadline(clock: QuizClock) {
  const test = getTest(clock.testId);
  return test && quizDeadline(test, clockStartOf(clock), clock.extraTimePercent);
}

/**
 * The social link as an address to open, only when it is one: an http(s) URL. Anything else a
 * candidate typed ("javascript:…", a bare name) stays text, shown as `social`, never as a link.
 */
export function socialLink(social: string): string | null {
  try {
    const url = new URL(social.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function videoExtension(contentType: string | null): string {
  return contentType === 'video/mp4' ? '.mp4' : '.webm';
}

/** The video to show: the newest finished take, else the newest one still uploading. */
export function currentVideo(videos: StoredVideo[]): StoredVideo | undefined {
  const finished = videos.filter((video) => video.completedAt !== null);
  return finished.at(-1) ?? videos.at(-1);
}

/** Where the session's video stands, and since when. */
export function videoStateOf(record: SessionRecord): { state: VideoState; at: number | null } {
  const video = currentVideo(record.videos);
  if (video?.completedAt != null) return { state: 'received', at: video.completedAt };
  if (record.videoSkip) return { state: 'skipped', at: record.videoSkip.receivedAt };
  if (video) return { state: 'uploading', at: video.createdAt };
  return { state: 'none', at: null };
}

/** The proctoring record as the current schema reads it: a record saved before switch times existed gets empty lists. */
export function proctoringOf(record: SessionRecord) {
  return record.answers ? proctoringSchema.parse(record.answers.proctoring) : null;
}

/** The timeline and signal counts the reviewer and the candidate both read; none before answers arrive. */
export function proctoringSummary(proctoring: ProctoringRecord | null) {
  return {
    timeline: proctoring ? proctoringTimeline(proctoring) : [],
    signals: proctoring ? proctoringSignals(proctoring) : { tabSwitches: 0, pastes: 0 },
  };
}

/**
 * What the hiring company reads about one session (admin API, export and the reviewer's view).
 * Server times are ISO strings; times the browser sent (`startTime`, `savedAt`, the quiz's start and
 * the switch and paste times in `proctoring`) stay as it sent them.
 */
export async function describeSession(
  record: SessionRecord,
  videos: VideoStore,
  videoLink: (record: SessionRecord, video: StoredVideo) => string,
  sections: SectionRegistry,
): Promise<SessionView> {
  const test = getTest(record.testId);
  const deadline = deadlineOf(record);
  const video = currentVideo(record.videos);
  const finished = video?.completedAt != null;
  const registration = record.registration;
  const answers = record.answers;

  return {
    sessionId: record.sessionId,
    testId: record.testId,
    invitationId: record.invitation?.invitationId ?? null,
    test: test
      ? { companyName: test.companyName, roleName: test.roleName, timeLimitInMinute: test.timeLimitInMinute }
      : null,
    startedAt: iso(record.startedAt),
    sectionVersions: record.sectionVersions,
    preview: record.previewReleaseId !== null,
    quizStartedAt: iso(record.quizStartedAt),
    lateAfter: iso(deadline?.lateAfter),
    registration: registration
      ? {
          ...registration.payload,
          socialLink: socialLink(registration.payload.social),
          receivedAt: iso(registration.receivedAt),
          updatedAt: iso(registration.updatedAt),
        }
      : null,
    answers: answers
      ? {
          html: answers.answers,
          revision: answers.revision,
          savedAt: answers.savedAt,
          receivedAt: iso(answers.receivedAt),
          final: answers.final,
          submittedAt: iso(answers.submittedAt),
          finalReason: answers.finalReason,
          late: deadline === undefined ? null : answers.receivedAt > deadline.lateAfter,
        }
      : null,
    proctoring: proctoringOf(record),
    deviceChecks: record.deviceChecks.map((check) => ({ ...check, receivedAt: iso(check.receivedAt) })),
    quizCompletedAt: iso(record.quizComplete?.receivedAt),
    video: video
      ? {
          status: finished ? ('complete' as const) : ('uploading' as const),
          bytes: finished ? video.bytes : ((await videos.size(video.uploadId)) ?? 0),
          contentType: video.contentType,
          durationSeconds: video.durationSeconds,
          recordingId: video.recordingId,
          startedAt: iso(video.createdAt),
          completedAt: iso(video.completedAt),
          download: finished ? videoLink(record, video) : null,
        }
      : null,
    noVideo: record.videoSkip
      ? { reason: record.videoSkip.reason, receivedAt: iso(record.videoSkip.receivedAt) }
      : null,
    feedback: record.feedback
      ? {
          stars: starsOf(record.feedback.payload.currentScore),
          feedback: record.feedback.payload.feedback,
          receivedAt: iso(record.feedback.receivedAt),
          updatedAt: iso(record.feedback.updatedAt),
        }
      : null,
    sections: sectionRecordViews(record, sections),
  };
}
