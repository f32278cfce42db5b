import { videoUploadMetadataSchema } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import type { Take } from '../../recording/lib/take.ts';
import { CHUNK_SIZING } from './chunk-sizing.ts';
import {
  closedInvitationState,
  formatMegabytes,
  isRetryableUploadFailure,
  isStalled,
  offersWayOn,
  refusalReason,
  UPLOAD_FAILURES_BEFORE_WAY_ON,
  UPLOAD_RETRY_DELAYS_MS,
  UPLOAD_STALL_MS,
  uploadMetadata,
  uploadPercent,
} from './upload-policy.ts';

describe('isRetryableUploadFailure', () => {
  it('retries a lost connection, a failing or busy server and an offset conflict', () => {
    for (const status of [0, 500, 502, 503, 408, 409, 423, 429]) {
      expect(isRetryableUploadFailure(status, 'PATCH'), String(status)).toBe(true);
    }
  });

  it('starts a vanished upload again, but does not repeat a refused creation', () => {
    expect(isRetryableUploadFailure(404, 'HEAD')).toBe(true);
    expect(isRetryableUploadFailure(410, 'PATCH')).toBe(true);
    expect(isRetryableUploadFailure(404, 'POST')).toBe(false);
  });

  it('gives up on a file the server refuses for good', () => {
    for (const status of [400, 403, 413, 415]) expect(isRetryableUploadFailure(status, 'PATCH')).toBe(false);
  });
});

describe('offersWayOn', () => {
  it('keeps the candidate waiting through a few failures, then offers a way on', () => {
    expect(offersWayOn(0)).toBe(false);
    expect(offersWayOn(UPLOAD_FAILURES_BEFORE_WAY_ON - 1)).toBe(false);
    expect(offersWayOn(UPLOAD_FAILURES_BEFORE_WAY_ON)).toBe(true);
    expect(offersWayOn(UPLOAD_FAILURES_BEFORE_WAY_ON + 10)).toBe(true);
  });

  it('comes after a short blip has had time to pass, within tus-js-client quick retries', () => {
    // The n-th failure comes after the delays of the n - 1 retries before it.
    const failingFor = UPLOAD_RETRY_DELAYS_MS.slice(0, UPLOAD_FAILURES_BEFORE_WAY_ON - 1).reduce((a, b) => a + b, 0);
    expect(failingFor).toBeGreaterThanOrEqual(15_000);
    expect(failingFor).toBeLessThanOrEqual(60_000);
    expect(UPLOAD_FAILURES_BEFORE_WAY_ON).toBeLessThanOrEqual(UPLOAD_RETRY_DELAYS_MS.length + 1);
  });
});

describe('isStalled', () => {
  it('lets a request be quiet for a while, then takes it for one that hangs', () => {
    expect(isStalled(0)).toBe(false);
    expect(isStalled(UPLOAD_STALL_MS - 1)).toBe(false);
    expect(isStalled(UPLOAD_STALL_MS)).toBe(true);
    expect(isStalled(10 * UPLOAD_STALL_MS)).toBe(true);
  });

  it('leaves a chunk of the intended length time to be answered, and is far shorter than the server allows', () => {
    expect(UPLOAD_STALL_MS).toBeGreaterThan(CHUNK_SIZING.targetMs);
    expect(UPLOAD_STALL_MS).toBeLessThan(120_000 / 4);
  });

  it('brings the way on within a couple of minutes when every request hangs', () => {
    // Each failure is a whole stall, and the retries before the last one wait their delays.
    const hangingFor =
      UPLOAD_FAILURES_BEFORE_WAY_ON * UPLOAD_STALL_MS +
      UPLOAD_RETRY_DELAYS_MS.slice(0, UPLOAD_FAILURES_BEFORE_WAY_ON - 1).reduce((a, b) => a + b, 0);
    expect(hangingFor).toBeLessThanOrEqual(150_000);
  });
});

describe('upload progress', () => {
  it('is a whole percentage of the bytes the server has', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, 4)).toBe(100);
    expect(formatMegabytes(2_345_678)).toBe('2.3 MB');
  });
});

describe('uploadMetadata', () => {
  it('ties the upload to the session and gives the measured duration in seconds', () => {
    const take: Take = {
      id: 'abc123',
      blob: new Blob(['x']),
      mimeType: 'video/webm;codecs=vp8,opus',
      durationMs: 3_456.7,
      createdAt: 0,
      submitted: false,
      uploadUrl: null,
    };
    const metadata = uploadMetadata(take, { sessionId: 'session-1234', testId: 'thd0wtfl' });
    expect(metadata).toEqual({
      unique: 'session-1234',
      data: 'thd0wtfl',
      filetype: 'video/webm;codecs=vp8,opus',
      recordingId: 'abc123',
      duration: '3.457',
    });
    expect(videoUploadMetadataSchema.safeParse(metadata).success).toBe(true);
  });
});

describe('refusalReason', () => {
  it("reads the API's JSON error, or says the status", () => {
    expect(refusalReason('{"error":"The upload is not a WebM or MP4 video"}', 415)).toBe(
      'The upload is not a WebM or MP4 video',
    );
    expect(refusalReason('<html>', 413)).toBe('The server answered with status 413.');
    expect(refusalReason(undefined, 400)).toBe('The server answered with status 400.');
  });
});

describe('closedInvitationState', () => {
  it("tells the API's 410 for a closed invitation from tus's 410 for an upload it no longer holds", () => {
    expect(closedInvitationState(410, '{"error":"This invitation link has been revoked.","state":"revoked"}')).toBe(
      'revoked',
    );
    expect(closedInvitationState(410, '{"error":"Your data was erased.","state":"erased"}')).toBe('erased');
    expect(closedInvitationState(410, 'Upload expired')).toBeNull();
    expect(closedInvitationState(410, undefined)).toBeNull();
    expect(closedInvitationState(403, '{"error":"x","state":"revoked"}')).toBeNull();
  });
});
