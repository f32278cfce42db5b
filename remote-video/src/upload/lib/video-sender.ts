import type { SessionRef } from '@assessment/core';
import { reportInvitationEvent, sessionKeyHeaders, videoUploadEndpoint } from '@assessment/react';
import { type DetailedError, defaultOptions, Upload } from 'tus-js-client';
import { recordingStore } from '../../recording/lib/recording-store.ts';
import type { Take } from '../../recording/lib/take.ts';
import { adaptiveFileReader, CHUNK_SIZING, type ChunkSizer, createChunkSizer } from './chunk-sizing.ts';
import { watchForStalls } from './stall-watch.ts';
import {
  closedInvitationState,
  isRetryableUploadFailure,
  offersWayOn,
  refusalReason,
  UPLOAD_PAUSE_MS,
  UPLOAD_RETRY_DELAYS_MS,
  uploadMetadata,
} from './upload-policy.ts';

/**
 * `wayOn`: sending has failed so often since the server last took a byte (`offersWayOn`) that the
 * candidate may continue without waiting for it; it stays so until the server takes more.
 * `keptInBrowser`: the take is kept in this browser's storage; if not, only this open page holds
 * it, and closing the page loses it.
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; sent: number; total: number; wayOn: boolean; keptInBrowser: boolean }
  /**
   * Sending failed for now; it starts again by itself (or at once, with `retryNow`).
   * `serverAnswered`: the server answered, busy or failing; else the connection failed.
   */
  | {
      phase: 'waiting';
      sent: number;
      total: number;
      wayOn: boolean;
      keptInBrowser: boolean;
      serverAnswered: boolean;
    }
  | { phase: 'refused'; reason: string }
  | { phase: 'sent' };

type Waiting = Extract<UploadState, { phase: 'waiting' }>;

const statusOf = (error: Error | DetailedError) => (error as DetailedError).originalResponse?.getStatus() ?? 0;
const methodOf = (error: Error | DetailedError) => (error as DetailedError).originalRequest?.getMethod() ?? '';
const isRetryable = (error: Error | DetailedError) => isRetryableUploadFailure(statusOf(error), methodOf(error));

/**
 * Sends one take with tus, resumable: the upload address is kept with the take in IndexedDB, so
 * after a reload the upload continues where the server stopped. A failing network is retried
 * without end (tus-js-client's quick retries, then a pause, then again); only a refusal of the
 * file itself stops it. A request that hangs, neither answering nor failing, is cut off and counted
 * as a lost connection (`watchForStalls`), so it too leads to the way on. The take is let go from
 * the browser once the server has all of it.
 *
 * Every retry builds a new Upload from the known address, and callbacks of a replaced one are
 * ignored, so an old request finishing late can never run beside the new one.
 *
 * The sender does not depend on the section being on screen: a candidate who goes on while it
 * fails leaves it sending (`listen` to whom it reports).
 */
export class VideoSender {
  private upload: Upload | null = null;
  private take: Take | null = null;
  private keptInBrowser = true;
  /** One per take, across its upload attempts: each chunk is sized from how fast the last one went. */
  private sizer: ChunkSizer = createChunkSizer();
  private pause: ReturnType<typeof setTimeout> | undefined;
  private sent = 0;
  /** What the server has said it holds, and the failed requests since that last grew. */
  private acknowledged = 0;
  private failures = 0;
  /**
   * The problem the candidate was told of, shown until the server takes a new byte or the
   * candidate tries again: each retry by itself would otherwise clear it and the next failure show
   * it again, and an alert shown again is announced again, once for every retry.
   */
  private problem: Waiting | null = null;
  /** What was last reported, for a section that opens again over this sender at work. */
  private last: UploadState = { phase: 'idle' };
  private listener: (state: UploadState) => void;

  constructor(
    private readonly session: SessionRef,
    report: (state: UploadState) => void,
    private onSent: () => void,
  ) {
    this.listener = report;
  }

  listen(report: (state: UploadState) => void, onSent: () => void): void {
    this.listener = report;
    this.onSent = onSent;
  }

  private report(state: UploadState): void {
    this.last = state;
    this.listener(state);
  }

  /**
   * `keptInBrowser`: whether this browser's storage holds the take, or only this page does. The
   * take this sender is already at (a section opened again over it, which finds the take marked
   * submitted) goes on as it was, and its state is told at once: starting again would drop the
   * request in flight and the count of failures that offers the way on.
   */
  send(take: Take, keptInBrowser: boolean): void {
    if (this.take?.id === take.id && this.upload) {
      this.report(this.last);
      return;
    }
    this.take = take;
    this.keptInBrowser = keptInBrowser;
    this.sent = 0;
    this.acknowledged = 0;
    this.failures = 0;
    this.problem = null;
    this.sizer = createChunkSizer();
    void recordingStore.update(take.id, { submitted: true });
    this.begin(take, take.uploadUrl);
  }

  /**
   * Tries again at once (the candidate asked, or the browser is back online): the problem shown
   * goes, so the try is seen, and a failure of it is told again, as the answer to it.
   */
  retryNow(): void {
    this.problem = null;
    this.retry();
  }

  private retry(): void {
    if (this.take && this.upload) this.begin(this.take, this.upload.url ?? this.take.uploadUrl);
  }

  isWaiting(): boolean {
    return this.pause !== undefined;
  }

  stop(): void {
    clearTimeout(this.pause);
    this.pause = undefined;
    void this.upload?.abort();
    this.upload = null;
    this.take = null;
  }

  private sending(total: number): UploadState {
    if (this.problem) return { ...this.problem, sent: this.sent, wayOn: offersWayOn(this.failures) };
    return {
      phase: 'sending',
      sent: this.sent,
      total,
      wayOn: offersWayOn(this.failures),
      keptInBrowser: this.keptInBrowser,
    };
  }

  private failed(error: Error | DetailedError, total: number): Waiting {
    this.failures += 1;
    return {
      phase: 'waiting',
      sent: this.sent,
      total,
      wayOn: offersWayOn(this.failures),
      keptInBrowser: this.keptInBrowser,
      serverAnswered: statusOf(error) !== 0,
    };
  }

  private tell(problem: Waiting): void {
    this.problem = problem;
    this.report(problem);
  }

  private begin(take: Take, uploadUrl: string | null): void {
    clearTimeout(this.pause);
    this.pause = undefined;
    void this.upload?.abort();
    const total = take.blob.size;
    const upload: Upload = new Upload(take.blob, {
      endpoint: videoUploadEndpoint(),
      uploadUrl,
      chunkSize: CHUNK_SIZING.maxBytes,
      fileReader: adaptiveFileReader(defaultOptions.fileReader, this.sizer),
      httpStack: watchForStalls(defaultOptions.httpStack),
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      // The address is kept with the take instead: a recording has no stable fingerprint.
      storeFingerprintForResuming: false,
      metadata: uploadMetadata(take, this.session),
      // The key goes in a header, never in the metadata: tus echoes metadata back.
      headers: sessionKeyHeaders(this.session.sessionId),
      onShouldRetry: (error, retryAttempt) => {
        const retry = isRetryable(error);
        if (retry && this.upload === upload) {
          const waiting = this.failed(error, total);
          // The first retry is immediate; only a failure that lasts is worth telling the candidate about.
          if (retryAttempt > 0) this.tell(waiting);
        }
        return retry;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) void recordingStore.update(take.id, { uploadUrl: upload.url });
      },
      onProgress: (bytesSent) => {
        if (this.upload !== upload) return;
        this.sent = Math.max(this.sent, bytesSent);
        this.report(this.sending(total));
      },
      // What the server already holds, as soon as it says so: a resumed upload shows it at once.
      onAfterResponse: (_request, response) => {
        const status = response.getStatus();
        if (this.upload !== upload || status < 200 || status >= 300) return;
        const offset = Number(response.getHeader('Upload-Offset'));
        if (Number.isFinite(offset)) this.sent = Math.max(this.sent, offset);
        // Only bytes the server confirms end a run of failures: a request whose body went out can still fail.
        if (Number.isFinite(offset) && offset > this.acknowledged) {
          this.acknowledged = offset;
          this.failures = 0;
          this.problem = null;
        }
        this.report(this.sending(total));
      },
      onSuccess: async () => {
        if (this.upload !== upload) return;
        this.upload = null;
        this.take = null;
        this.report({ phase: 'sent' });
        await recordingStore.remove(take.id);
        this.onSent();
      },
      onError: async (error) => {
        if (this.upload !== upload) return;
        console.error('Video upload failed', error);
        if (!isRetryable(error)) {
          this.upload = null;
          // Kept, but no longer sent by itself after a reload: it is offered back to the candidate
          // instead. Noted before the refusal is shown, so a reload right after it cannot find the
          // take still marked as submitted and send it again by itself.
          await recordingStore.update(take.id, { submitted: false, uploadUrl: null });
          const response = (error as DetailedError).originalResponse;
          this.report({ phase: 'refused', reason: refusalReason(response?.getBody(), statusOf(error)) });
          const closed = closedInvitationState(statusOf(error), response?.getBody());
          if (closed)
            reportInvitationEvent({ kind: 'closed', sessionId: this.session.sessionId, erased: closed === 'erased' });
          return;
        }
        this.tell(this.failed(error, total));
        this.pause = setTimeout(() => this.retry(), UPLOAD_PAUSE_MS);
      },
    });
    this.upload = upload;
    this.report(this.sending(total));
    upload.start();
  }
}
