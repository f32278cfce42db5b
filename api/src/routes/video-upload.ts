import { randomBytes } from 'node:crypto';
import { videoUploadMetadataSchema } from '@assessment/shared/api-schemas';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseOrRefuse, toHttpError } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import { SNIFF_BYTES, sniffVideoType } from '../video/magic-bytes.ts';
import { readMediaDuration } from '../video/media-duration.ts';
import { NOT_A_VIDEO, VideoOnlyStore } from '../video/video-only-store.ts';
import type { ApiDeps } from './deps.ts';

const VIDEO_UPLOAD_PATH = '/api/videos';
const UPLOAD_CHUNK_RATE_FACTOR = 10;

interface TusError {
  status_code: number;
  body: string;
}

function isTusError(error: unknown): error is TusError {
  const candidate = error as Partial<TusError> | null;
  return typeof candidate?.status_code === 'number' && typeof candidate.body === 'string';
}

/** tus bodies are plain text; this API answers `{ "error": "..." }` there too. */
function asJsonError(error: unknown): TusError {
  if (isTusError(error)) return { status_code: error.status_code, body: JSON.stringify({ error: error.body.trim() }) };
  const httpError = toHttpError(error);
  return { status_code: httpError.statusCode, body: JSON.stringify({ error: httpError.message }) };
}

function metadataOf(upload: Upload) {
  return parseOrRefuse(videoUploadMetadataSchema, upload.metadata ?? {});
}

/**
 * Resumable video uploads over tus. An upload is tied to its session and invitation when it is
 * created, checked by content from its first bytes, and recorded as complete only once it is stored
 * where finished videos are kept.
 */
export async function registerVideoUploadRoutes(
  app: FastifyInstance,
  { store, videos, config, now, uploadLocker }: ApiDeps,
) {
  async function refuse(uploadId: string): Promise<void> {
    await videos.remove(uploadId);
    await store.forgetVideoUpload(uploadId);
  }

  const tus = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: new VideoOnlyStore(videos.datastore, (uploadId) => videos.readAt(uploadId, 0, SNIFF_BYTES), refuse),
    maxSize: config.videoMaxBytes,
    locker: uploadLocker,
    relativeLocation: true,
    // Same origin only, like the rest of the API (tus answers any origin by default).
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),

    async onUploadCreate(_request, upload) {
      const metadata = metadataOf(upload);
      requireTest(metadata.data);
      await store.startVideoUpload({
        uploadId: upload.id,
        sessionId: metadata.unique,
        inviteId: metadata.data,
        receivedAt: now(),
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
      await videos.persist(upload.id, contentType);
      const bytes = upload.offset;
      const fromFile = await readMediaDuration(
        contentType,
        (at, length) => videos.readAt(upload.id, at, length),
        bytes,
      );
      const measured = metadataOf(upload).duration;
      await store.finishVideoUpload({
        uploadId: upload.id,
        bytes,
        contentType,
        durationSeconds: fromFile ?? (measured === undefined ? null : Number(measured)),
        completedAt: now(),
      });
      await videos.release(upload.id);
      return {};
    },

    onResponseError(_request, error) {
      const mapped = asJsonError(error);
      if (mapped.status_code >= 500) app.log.error(error);
      return mapped;
    },
  });

  await app.register(async (scope) => {
    // The tus handler reads the raw request itself; Fastify must neither parse nor limit the body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    async function handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
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
    scope.route({ method: ['POST', 'OPTIONS'], url: VIDEO_UPLOAD_PATH, handler: handle });
    scope.route({ method: ['POST', 'OPTIONS'], url: `${VIDEO_UPLOAD_PATH}/`, handler: handle });
    scope.route({
      method: ['HEAD', 'PATCH', 'OPTIONS'],
      url: `${VIDEO_UPLOAD_PATH}/:uploadId`,
      handler: handle,
      // A long recording sent in small chunks makes many requests in a minute; creating uploads stays on the common limit.
      config: { rateLimit: { max: config.rateLimitPerMinute * UPLOAD_CHUNK_RATE_FACTOR } },
    });
  });
}
