import type { SessionRef } from '@assessment/core';
import {
  type ClosedInvitationState,
  closedStateOfAnswer,
  type VideoUploadMetadata,
  wireSessionRef,
} from '@assessment/core';
import { uploadFileType } from '../../recording/lib/recorder-format.ts';
import type { Take } from '../../recording/lib/take.ts';

/** tus-js-client's own retries; after them the upload pauses and starts again by itself. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];
export const UPLOAD_PAUSE_MS = 30_000;

/**
 * Failed requests in a row, without the server taking a single new byte, after which the candidate
 * is offered to continue without video. With the retry delays above the sixth failure comes about
 * 19 seconds after the first: a short blip passes unseen, a server that stays away does not keep
 * the candidate waiting with no way on (SPEC.md section 0, "A candidate is never stuck").
 */
export const UPLOAD_FAILURES_BEFORE_WAY_ON = 6;

/**
 * How long a request of the upload may show no sign of life (its body moving on, an answer) before
 * it is taken for one that hangs: a proxy holding the connection open, a server gone quiet in the
 * middle of a PATCH. The browser gives such a request no time limit, so without one here it would
 * never fail and the candidate would see "sending" for ever, with no way on.
 *
 * A working request is never silent this long: its body reports progress as it goes out, and a
 * chunk is sized to take about 15 s in all (`CHUNK_SIZING.targetMs`), so even one that went whole
 * into the network's buffers is answered within about that. The server's own 120 s request timeout
 * is no help: a hung request counts as one failure, and the way on comes after
 * `UPLOAD_FAILURES_BEFORE_WAY_ON` of them in a row with the retry delays between, so 20 s brings
 * it about 2 min 20 s after the hang began (6 × 20 s + 19 s), where 120 s would take 12 minutes.
 */
export const UPLOAD_STALL_MS = 20_000;

/** Whether a request of the upload that has shown no sign of life for `quietMs` hangs. */
export function isStalled(quietMs: number): boolean {
  return quietMs >= UPLOAD_STALL_MS;
}

/** Whether the upload has failed long enough that the candidate may go on without it. */
export function offersWayOn(failuresSinceProgress: number): boolean {
  return failuresSinceProgress >= UPLOAD_FAILURES_BEFORE_WAY_ON;
}

/**
 * Whether a failed upload request is worth trying again. A network failure (status 0), a busy or
 * failing server, a timeout, an offset conflict, a lock and a rate limit pass. An upload the server
 * no longer knows (404, 410) is worth it too except when creating one: tus-js-client then asks for
 * it, finds it gone and creates it again. Anything else is the server refusing this file for good.
 */
export function isRetryableUploadFailure(status: number, method: string): boolean {
  if (status === 0 || status >= 500) return true;
  if ([408, 409, 423, 429].includes(status)) return true;
  if (status === 404 || status === 410) return method.toUpperCase() !== 'POST';
  return false;
}

export function uploadPercent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sent / total) * 100)));
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The tus Upload-Metadata the API expects (`videoUploadMetadataSchema`). */
export function uploadMetadata(take: Take, session: SessionRef): Required<VideoUploadMetadata> {
  return {
    ...wireSessionRef(session),
    filetype: uploadFileType(take.mimeType),
    recordingId: take.id,
    duration: (Math.max(0, take.durationMs) / 1000).toFixed(3),
  };
}

/** The reason the server gave (`{ "error": ... }`), for the candidate to read. */
export function refusalReason(body: string | undefined, status: number): string {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error.trim() !== '') return error.trim();
  } catch {
    // Not the API's JSON error: the status is all there is to say.
  }
  return `The server answered with status ${status}.`;
}

/**
 * The state of the candidate's personal invitation when a refused upload request was refused
 * because it is closed (revoked, expired, or the candidate's data erased): the API's 410 names it.
 * Null for any other refusal: tus answers 410 for an upload it no longer holds too, with no such body.
 */
export function closedInvitationState(status: number, body: string | undefined): ClosedInvitationState | null {
  if (status !== 410) return null;
  try {
    return closedStateOfAnswer(JSON.parse(body ?? ''));
  } catch {
    return null;
  }
}
