import { randomBytes } from 'node:crypto';
import {
  CLOSED_INVITATION_ERRORS,
  isWireSessionIdField,
  sessionRefOfWire,
  videoUploadMetadataSchema,
} from '@assessment/core';
import { type DataStore, Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { HttpError, parseOrRefuse, toHttpError } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import { diskReserve } from '../video/disk-reserve.ts';
import { SNIFF_BYTES, sniffVideoType } from '../video/magic-bytes.ts';
import { readMediaDuration } from '../video/media-duration.ts';
import { ffprobeFrameCheck, NO_PICTURE } from '../video/video-frames.ts';
import { NOT_A_VIDEO, VideoOnlyStore } from '../video/video-only-store.ts';
import type { RouteDeps } from './deps.ts';

/** The answer to an upload whose session was erased while its last bytes were being stored. */
const ERASED_MEANWHILE = { status_code: 410, body: CLOSED_INVITATION_ERRORS.erased };

const VIDEO_UPLOAD_PATH = '/api/videos';

interface TusError {
  status_code: number;
  body: string;
}

function isTusError(error: unknown): error is TusError {
  const candidate = error as Partial<TusError> | null;
  return typeof candidate?.status_code === 'number' && typeof candidate.body === 'string';
}

/** The status and plain message of anything a tus hook or store throws. */
function describeTusError(error: unknown): TusError {
  if (isTusError(error)) return { status_code: error.status_code, body: error.body.trim() };
  const httpError = toHttpError(error);
  return { status_code: httpError.statusCode, body: httpError.message };
}

/**
 * tus writes its refusals as plain text, some of them (412, 400, 404) without asking
 * `onResponseError`; every one passes here, and leaves as the API's `{ "error": "..." }`.
 */
class JsonErrorTusServer extends Server {
  override write(...[context, headers, status, body = '']: Parameters<Server['write']>) {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, status, JSON.stringify({ error: body.trim() }));
  }
}

function metadataOf(upload: Upload) {
  return parseOrRefuse(videoUploadMetadataSchema, upload.metadata ?? {});
}

/** The session id in a creation request's Upload-Metadata (`key base64,key base64`), as tus reads it. */
function sessionIdInMetadata(header: string | string[] | undefined): string | undefined {
  for (const pair of String(header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== undefined && isWireSessionIdField(key)) return Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return undefined;
}

/**
 * Resumable video uploads over tus. An upload is tied to its session and invitation when it is
 * created, checked by content from its first bytes and, once finished, by whether a picture of it
 * plays (issue 22 saw a header followed by zeros accepted as a video), and recorded as complete
 * only once it is stored where finished videos are kept. A refused take stays in the candidate's
 * browser, which offers to record again.
 * Every request needs the session key of the browser that registered: creating an upload for its
 * own session, or resuming (HEAD) and sending (PATCH) one of its own uploads. So a tus response,
 * which echoes the upload's metadata, is only ever seen by that browser.
 */
export async function registerVideoUploadRoutes(
  app: FastifyInstance,
  {
    uploads,
    videos,
    config,
    now,
    uploadLocker,
  }: Pick<RouteDeps, 'uploads' | 'videos' | 'config' | 'now' | 'uploadLocker'>,
) {
  async function refuse(uploadId: string): Promise<void> {
    await videos.remove(uploadId);
    await uploads.forgetVideoUpload(uploadId);
  }

  /**
   * A session's uploads in flight stay within their budget (issue 22: one session made 30 uploads
   * of 512 MiB each). A new upload is a newer take: it replaces the oldest unfinished ones beyond
   * `videoUploadsInFlight`, whose bytes are deleted, so nothing a candidate still needs is
   * refused. What the kept ones and the new one declare together must fit `videoBytesInFlight`.
   */
  async function keepInBudget(sessionId: string, declared: number): Promise<void> {
    const unfinished = await uploads.unfinishedUploadsOf(sessionId);
    const kept = unfinished.slice(unfinished.length - (config.videoUploadsInFlight - 1));
    let inFlight = declared;
    for (const uploadId of kept)
      inFlight += (await videos.datastore.getUpload(uploadId).catch(() => undefined))?.size ?? 0;
    if (inFlight > config.videoBytesInFlight) {
      throw new HttpError(
        413,
        `This session's unfinished uploads would declare ${inFlight} bytes, more than the ${config.videoBytesInFlight} bytes one session may have in flight`,
      );
    }
    for (const uploadId of unfinished.slice(0, unfinished.length - kept.length)) await refuse(uploadId);
  }

  /**
   * A finished take replaces the ones that finished before it: only the newest is shown to the
   * company (`currentVideo`), and a session sending take after take must not fill the disk. Only
   * earlier ones go, so of two finishing at once the later stays whatever order this runs in. A
   * finished take is not one refused: with a bucket its bytes left the folder when it finished, so
   * only `erase` reaches it (`remove` failed there, and the newer take's last request with it).
   */
  async function dropEarlierTakes(sessionId: string, uploadId: string): Promise<void> {
    const finished = await uploads.finishedUploadsOf(sessionId);
    for (const earlier of finished.slice(0, finished.indexOf(uploadId))) {
      await videos.erase(earlier);
      await uploads.forgetVideoUpload(earlier);
    }
  }

  const frameCheck = ffprobeFrameCheck(config.videoFfprobe);
  if (!frameCheck) {
    app.log.warn(
      `ffprobe (VIDEO_FFPROBE=${config.videoFfprobe}) is off or not installed: finished videos are checked by their first bytes only`,
    );
  }

  const datastore: DataStore = new VideoOnlyStore(
    videos.datastore,
    (uploadId) => videos.readAt(uploadId, 0, SNIFF_BYTES),
    refuse,
  );
  const tus = new JsonErrorTusServer({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: config.videoMaxBytes,
    locker: uploadLocker,
    relativeLocation: true,
    // Same origin only, like the rest of the API (tus answers any origin by default).
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),

    async onUploadCreate(_request, upload) {
      const metadata = metadataOf(upload);
      const { sessionId, testId } = sessionRefOfWire(metadata);
      requireTest(testId);
      await keepInBudget(sessionId, upload.size ?? 0);
      await uploads.startVideoUpload({
        sessionId,
        testId,
        receivedAt: now(),
        uploadId: upload.id,
        recordingId: metadata.recordingId ?? null,
        declaredType: metadata.filetype ?? null,
      });
      return {};
    },

    async onUploadFinish(_request, upload) {
      const contentType = sniffVideoType(await videos.readAt(upload.id, 0, SNIFF_BYTES));
      if (!contentType) {
        await refuse(upload.id);
        throw NOT_A_VIDEO;
      }
      const bytes = upload.offset;
      const readAt = (at: number, length: number) => videos.readAt(upload.id, at, length);
      const plays = await frameCheck?.(readAt, bytes);
      if (plays === false) {
        await refuse(upload.id);
        throw NO_PICTURE;
      }
      if (frameCheck && plays === undefined)
        app.log.warn({ uploadId: upload.id }, 'ffprobe gave no answer: video kept unchecked');
      await videos.persist(upload.id, contentType);
      const fromFile = await readMediaDuration(contentType, readAt, bytes);
      const measured = metadataOf(upload).duration;
      const finished = await uploads.finishVideoUpload({
        uploadId: upload.id,
        bytes,
        contentType,
        durationSeconds: fromFile ?? (measured === undefined ? null : Number(measured)),
        completedAt: now(),
      });
      if (!finished) {
        // Erased while its bytes were being stored: the erasure could not reach what did not
        // exist yet (the bucket's object), so this copy is removed here.
        await videos.erase(upload.id);
        throw ERASED_MEANWHILE;
      }
      await videos.release(upload.id);
      await dropEarlierTakes(sessionRefOfWire(metadataOf(upload)).sessionId, upload.id);
      return {};
    },

    onResponseError(_request, error) {
      const described = describeTusError(error);
      if (described.status_code >= 500) app.log.error(error);
      return described;
    },
  });

  /** Before tus sees a request: the upload it creates or touches must be this browser's session's. */
  async function checkOwnUpload(request: FastifyRequest<{ Params: { uploadId?: string } }>): Promise<void> {
    if (request.method === 'OPTIONS') return;
    const uploadId = request.params.uploadId;
    if (uploadId === undefined) {
      const sessionId = sessionIdInMetadata(request.headers['upload-metadata']);
      if (sessionId !== undefined) requireOwnSession(request, sessionId);
      return;
    }
    const owner = await uploads.sessionOfVideoUpload(uploadId);
    if (owner === undefined) throw new HttpError(404, 'There is no such upload');
    requireOwnSession(request, owner);
  }

  const reserve = diskReserve(config.uploadsDir, config.videoDiskReserveBytes);
  /** Bytes a request brings to be written: a creation may carry the first ones (tus creation-with-upload). */
  const incomingBytes = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) || 0;

  await app.register(async (scope) => {
    // The tus handler reads the raw request itself; Fastify must neither parse nor limit the body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    async function handle(
      request: FastifyRequest<{ Params: { uploadId?: string } }>,
      reply: FastifyReply,
    ): Promise<void> {
      await checkOwnUpload(request);
      if (request.method === 'POST' || request.method === 'PATCH') await reserve.requireRoomFor(incomingBytes(request));
      // tus answers on the raw response: the headers every API response has go there first.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (error) {
        request.log.error(error);
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ error: 'Internal server error' }));
      }
    }

    // No GET (downloads go through the admin API) and no DELETE (a finished video is never removed).
    for (const url of [VIDEO_UPLOAD_PATH, `${VIDEO_UPLOAD_PATH}/`]) {
      scope.route({ method: ['POST', 'OPTIONS'], url, handler: handle, config: { access: 'session' } });
    }
    scope.route({
      method: ['HEAD', 'PATCH', 'OPTIONS'],
      url: `${VIDEO_UPLOAD_PATH}/:uploadId`,
      handler: handle,
      config: { access: 'upload' },
    });
  });
}
