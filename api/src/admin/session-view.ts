import { getTest } from '@assessment/core';
import type { SessionRecord, StoredVideo } from '../storage/session-store.ts';
import type { VideoStore } from '../storage/video-store.ts';

/** Answers arriving within this much after the time limit are network delay, not overtime. */
const LATE_GRACE_MS = 60_000;

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

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

/**
 * What the hiring company reads about one session (admin API and export alike). Server times are
 * ISO strings; times the browser sent (`startTime`, `savedAt`, paste times) stay as it sent them.
 */
export async function describeSession(
  record: SessionRecord,
  videos: VideoStore,
  videoLink: (record: SessionRecord, video: StoredVideo) => string,
) {
  const test = getTest(record.testId);
  const deadline = test ? record.startedAt + test.timeLimitInMinute * 60_000 + LATE_GRACE_MS : undefined;
  const video = currentVideo(record.videos);
  const finished = video?.completedAt != null;
  const registration = record.registration;
  const answers = record.answers;
  return {
    sessionId: record.sessionId,
    testId: record.testId,
    test: test
      ? { companyName: test.companyName, roleName: test.roleName, timeLimitInMinute: test.timeLimitInMinute }
      : null,
    startedAt: iso(record.startedAt),
    lateAfter: iso(deadline),
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
          late: deadline === undefined ? null : answers.receivedAt > deadline,
        }
      : null,
    proctoring: answers?.proctoring ?? null,
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
          currentScore: record.feedback.payload.currentScore,
          feedback: record.feedback.payload.feedback,
          receivedAt: iso(record.feedback.receivedAt),
          updatedAt: iso(record.feedback.updatedAt),
        }
      : null,
  };
}

export type SessionView = Awaited<ReturnType<typeof describeSession>>;
