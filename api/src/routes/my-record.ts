import { type MyRecord, SESSION_ID_HEADER } from '@assessment/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deadlineOf, describeSession, proctoringOf, proctoringSummary, videoStateOf } from '../admin/session-view.ts';
import { iso } from '../admin/time.ts';
import { requireOwnSession } from '../http/candidate-access.ts';
import { HttpError } from '../http/errors.ts';
import type { AccessLogStore } from '../storage/access/access-store.ts';
import type { SessionRecord, SessionStore } from '../storage/sessions/session-store.ts';
import { sendVideo } from './admin.ts';
import type { RouteDeps } from './deps.ts';

const sessionIdHeader = SESSION_ID_HEADER.toLowerCase();

/** How many of the newest looks at a submission the candidate is shown one by one. */
const LOOKS_SHOWN = 100;

/** What the company holds of the session, in the terms the reviewer reads it: the end screen's and the receipt's summary. */
export function receivedParts(record: SessionRecord): Omit<MyRecord, 'access'> {
  const { signals, timeline } = proctoringSummary(proctoringOf(record));
  const answers = record.answers;
  const deadline = deadlineOf(record);
  const video = videoStateOf(record);
  return {
    sessionId: record.sessionId,
    testId: record.testId,
    registeredAt: iso(record.registration?.receivedAt),
    answers: answers
      ? {
          receivedAt: iso(answers.receivedAt) as string,
          submittedAt: iso(answers.submittedAt),
          finalReason: answers.finalReason,
          late: deadline === undefined ? null : answers.receivedAt > deadline.lateAfter,
        }
      : null,
    signals,
    timeline,
    deviceChecks: record.deviceChecks.map((check) => ({
      receivedAt: iso(check.receivedAt) as string,
      result: check.result,
    })),
    video: { state: video.state, at: iso(video.at) },
    feedbackReceivedAt: iso(record.feedback?.receivedAt),
  };
}

/** The candidate's own record, and every look at it since. */
function myRecordOf(record: SessionRecord, looks: Awaited<ReturnType<AccessLogStore['ofSession']>>): MyRecord {
  return {
    ...receivedParts(record),
    access: {
      looks: looks.entries.map((look) => ({ at: iso(look.at) as string, role: look.actorRole, action: look.action })),
      people: looks.people,
    },
  };
}

/** The browser's own session (its `Session-Key`, and the session named in `X-Session-Id`). */
async function ownRecord(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore): Promise<SessionRecord> {
  const sessionId = request.headers[sessionIdHeader];
  if (typeof sessionId !== 'string') throw new HttpError(400, `This request needs the ${SESSION_ID_HEADER} header`);
  requireOwnSession(request, sessionId);
  const record = await sessions.getSession(sessionId);
  if (!record) throw new HttpError(404, 'There is no such session');
  reply.header('Cache-Control', 'no-store');
  return record;
}

const MY_VIDEO_PATH = '/api/my-data/video';

/** The personal invitation the candidate started with: looks at it in the list of invitations are theirs too. */
const invitationOf = (record: SessionRecord) => record.invitation?.invitationId ?? null;

/**
 * The candidate's own record and their copy of it (GDPR Art. 15 and 20):
 *
 * - `GET /api/my-record`: what the server holds, in the terms the reviewer reads it, and every
 *   look at it since;
 * - `GET /api/my-data`: what they submitted and what is recorded about them (their personal
 *   invitation's details and their demographic answer included: they are theirs) as one JSON
 *   file, with the address of their video. The hiring team's notes are kept from the candidate
 *   (api/test/decisions.test.ts); they, the stage and the ratings are not in it, as the privacy
 *   notice (shared/core/src/api/privacy-notice.ts) and the end screen say;
 * - `GET /api/my-data/video`: the video itself.
 */
export function registerMyRecordRoutes(
  app: FastifyInstance,
  {
    sessions,
    access,
    privacy,
    videos,
    now,
    sections,
  }: Pick<RouteDeps, 'sessions' | 'access' | 'privacy' | 'videos' | 'now' | 'sections'>,
): void {
  const own = { config: { access: 'session' as const } };
  app.get('/api/my-record', own, async (request, reply): Promise<MyRecord> => {
    const record = await ownRecord(request, reply, sessions);
    return myRecordOf(record, await access.ofSession(record.sessionId, invitationOf(record), LOOKS_SHOWN));
  });

  app.get('/api/my-data', own, async (request, reply) => {
    const record = await ownRecord(request, reply, sessions);
    const [view, looks, demographicAnswer] = await Promise.all([
      describeSession(record, videos, () => MY_VIDEO_PATH, sections),
      access.ofSession(record.sessionId, invitationOf(record), Number.MAX_SAFE_INTEGER),
      privacy.demographicAnswer(record.sessionId),
    ]);
    reply.header('Content-Disposition', `attachment; filename="assessment-${record.sessionId}.json"`);
    const invitation = record.invitation;
    return {
      exportedAt: iso(now()),
      record: view,
      // What the company entered about them when it invited them, the extra time it granted among it.
      invitation: invitation
        ? {
            name: invitation.name,
            email: invitation.email,
            extraTimePercent: invitation.extraTimePercent,
            createdAt: iso(invitation.createdAt),
            expiresAt: iso(invitation.expiresAt),
            revokedAt: iso(invitation.revokedAt),
          }
        : null,
      demographicAnswer,
      looks: looks.entries.map((look) => ({ at: iso(look.at), role: look.actorRole, action: look.action })),
    };
  });

  app.get(MY_VIDEO_PATH, own, async (request, reply) =>
    sendVideo(await ownRecord(request, reply, sessions), request.headers.range, reply, videos),
  );
}
