import type { FastifyInstance } from 'fastify';
import { carriesAdminToken } from '../admin/admin-token.ts';
import { currentVideo, describeSession, videoExtension } from '../admin/session-view.ts';
import { HttpError } from '../http/errors.ts';
import type { SessionRecord } from '../storage/session-store.ts';
import type { ApiDeps } from './deps.ts';

const videoPath = (record: SessionRecord) => `/api/admin/sessions/${encodeURIComponent(record.sessionId)}/video`;

/** A single `bytes=start-end` range, so a downloaded video can be sought; anything else gets the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}

/** The hiring company's read-out. Registered only when ADMIN_TOKEN is set; otherwise it does not exist (404). */
export async function registerAdminRoutes(app: FastifyInstance, { store, videos }: ApiDeps, token: string) {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request, reply) => {
      if (!carriesAdminToken(request.headers.authorization, token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new HttpError(401, 'A valid admin token is required (Authorization: Bearer ...)');
      }
    });

    admin.get('/api/admin/sessions', async () => {
      const records = await store.listSessions();
      return { sessions: await Promise.all(records.map((record) => describeSession(record, videos, videoPath))) };
    });

    admin.get<{ Params: { unique: string } }>('/api/admin/sessions/:unique/video', async (request, reply) => {
      const record = await store.getSession(request.params.unique);
      const video = record && currentVideo(record.videos);
      if (!record || !video?.completedAt || video.bytes === null) {
        throw new HttpError(404, 'This session has no finished video');
      }
      const range = parseRange(request.headers.range, video.bytes);
      // Opened before any header is set, so a video that cannot be read answers a plain error.
      const body = await videos.read(video.uploadId, range);
      // The session id is limited to letters, digits, "-" and "_", so the file name needs no escaping.
      reply
        .header('Content-Type', video.contentType ?? 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${record.sessionId}${videoExtension(video.contentType)}"`)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, no-store');
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${video.bytes}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', video.bytes);
      }
      return reply.send(body);
    });
  });
}
