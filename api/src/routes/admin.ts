import { getTest } from '@assessment/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { carriesAdminToken } from '../admin/admin-token.ts';
import { safeJson } from '../admin/safe-json.ts';
import { encodeCursor, sessionQuerySchema } from '../admin/session-query.ts';
import { currentVideo, describeSession, videoExtension } from '../admin/session-view.ts';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import {
  lookerOf,
  recordInvitationChange,
  recordInvitationListLooks,
  recordLooks,
  recordVideoLook,
} from '../privacy/access-records.ts';
import { eraseCandidate, eraseInvitee } from '../privacy/erasure.ts';
import { changeInvitation, createInvitation, listInvitations, revokeInvitation } from '../review/invitation-actions.ts';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

const videoPath = (record: SessionRecord) => `/api/admin/sessions/${encodeURIComponent(record.sessionId)}/video`;

type Range = { start: number; end: number };

/**
 * A single `bytes=start-end` range, so a downloaded video can be sought. No header (or one this
 * does not read) means the whole file; a range outside the file is `unsatisfiable`.
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return undefined;
  return start < size ? { start, end } : 'unsatisfiable';
}

type TestParams = { Params: { testId: string } };
type InvitationParams = { Params: { invitationId: string } };

function requireCatalogueTest(testId: string): void {
  if (!getTest(testId)) throw new HttpError(404, 'There is no such test');
}

async function requireInvitation(invitations: InvitationStore, invitationId: string) {
  const invitation = await invitations.getInvitation(invitationId);
  if (!invitation) throw new HttpError(404, 'There is no such invitation');
  return invitation;
}

/**
 * The operator's key (ADMIN_TOKEN): every company's sessions, and personal invitations for
 * automation. Registered only when ADMIN_TOKEN is set; otherwise it does not exist (404).
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  deps: Pick<
    RouteDeps,
    'sessions' | 'invitations' | 'access' | 'privacy' | 'videos' | 'deliveries' | 'mail' | 'now' | 'sections' | 'limits'
  >,
  token: string,
) {
  const { sessions, invitations, access, videos, now, sections } = deps;
  await app.register(async (admin) => {
    // Every route here is counted against the token once it is checked, or else the address.
    admin.addHook('onRoute', (route) => {
      route.config = { bucket: 'operator', ...route.config };
    });
    admin.addHook('onRequest', async (request, reply) => {
      // Candidates' personal data: never kept by a browser or a proxy, refusals included.
      reply.header('Cache-Control', 'no-store');
      const vouched = carriesAdminToken(request.headers.authorization, token);
      await deps.limits.admitSender(request, reply, vouched ? 'operator' : undefined);
      if (!vouched) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new HttpError(401, 'A valid admin token is required (Authorization: Bearer ...)');
      }
    });
    admin.setReplySerializer((payload) => safeJson(payload));

    admin.get('/api/admin/sessions', async (request) => {
      const query = parseOrRefuse(sessionQuerySchema, request.query);
      const page = await sessions.listSessions(query);
      await recordLooks(access, lookerOf(request), page.sessions, 'opened', now(), 'admin API list');
      return {
        sessions: await Promise.all(
          page.sessions.map((record) => describeSession(record, videos, videoPath, sections)),
        ),
        next: page.next ? encodeCursor(page.next) : null,
      };
    });

    admin.get<{ Params: { sessionId: string } }>('/api/admin/sessions/:sessionId', async (request) => {
      const record = await sessions.getSession(request.params.sessionId);
      if (!record) throw new HttpError(404, 'There is no such session');
      await recordLooks(access, lookerOf(request), [record], 'opened', now());
      return describeSession(record, videos, videoPath, sections);
    });

    admin.delete<{ Params: { sessionId: string } }>('/api/admin/sessions/:sessionId', async (request, reply) => {
      if (!(await eraseCandidate(deps, request.params.sessionId, now(), 'request'))) {
        throw new HttpError(404, 'There is no such session');
      }
      return reply.code(204).send();
    });

    admin.get<{ Params: { sessionId: string } }>('/api/admin/sessions/:sessionId/video', async (request, reply) => {
      const record = await sessions.getSession(request.params.sessionId);
      if (!record) throw new HttpError(404, 'This session has no finished video');
      await recordVideoLook(access, lookerOf(request), record, now());
      return sendVideo(record, request.headers.range, reply, videos);
    });

    const small = { bodyLimit: SMALL_BODY_LIMIT };
    admin.post<TestParams>('/api/admin/tests/:testId/invitations', small, async (request, reply) => {
      requireCatalogueTest(request.params.testId);
      reply.code(201);
      return createInvitation(invitations, request.params.testId, request.body, now());
    });
    admin.get<TestParams>('/api/admin/tests/:testId/invitations', async (request) => {
      const page = await listInvitations(invitations, request.params.testId, request.query, now());
      // A test a deploy took out of the catalogue keeps its invitations until retention erases them
      // (`api/src/privacy/erasure.ts`): the operator lists them to see and erase them. An id neither
      // the catalogue nor the database knows is none.
      if (!getTest(request.params.testId) && page.invitations.length === 0) {
        throw new HttpError(404, 'There is no such test');
      }
      await recordInvitationListLooks(access, lookerOf(request), page.invitations, now());
      return page;
    });
    admin.patch<InvitationParams>('/api/admin/invitations/:invitationId', small, async (request) => {
      const changed = await changeInvitation(
        invitations,
        await requireInvitation(invitations, request.params.invitationId),
        request.body,
        now(),
      );
      await recordInvitationChange(access, lookerOf(request), changed, 'invitation changed', now());
      return changed;
    });
    admin.delete<InvitationParams>('/api/admin/invitations/:invitationId', async (request, reply) => {
      await eraseInvitee(deps, await requireInvitation(invitations, request.params.invitationId), now());
      return reply.code(204).send();
    });
    admin.post<InvitationParams>('/api/admin/invitations/:invitationId/revoke', small, async (request) => {
      const revoked = await revokeInvitation(
        invitations,
        await requireInvitation(invitations, request.params.invitationId),
        now(),
      );
      await recordInvitationChange(access, lookerOf(request), revoked, 'invitation revoked', now());
      return revoked;
    });
  });
}

/**
 * A session's finished video, whole or the one `Range` asked for (206, or 416 outside the file), as
 * a download: the admin API's and the reviewer's video alike.
 */
export async function sendVideo(
  record: SessionRecord,
  rangeHeader: string | undefined,
  reply: FastifyReply,
  videos: VideoStore,
): Promise<FastifyReply> {
  const video = currentVideo(record.videos);
  if (!video?.completedAt || video.bytes === null) {
    throw new HttpError(404, 'This session has no finished video');
  }
  const range = parseRange(rangeHeader, video.bytes);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${video.bytes}`);
    throw new HttpError(416, `The range is outside the video's ${video.bytes} bytes`);
  }
  // Opened before any header is set, so a video that cannot be read answers a plain error.
  const body = await videos.read(video.uploadId, range);
  // The session id is limited to letters, digits, "-" and "_", so the file name needs no escaping.
  reply
    .header('Content-Type', video.contentType ?? 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename="${record.sessionId}${videoExtension(video.contentType)}"`)
    .header('Accept-Ranges', 'bytes');
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${video.bytes}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', video.bytes);
  }
  return reply.send(body);
}
