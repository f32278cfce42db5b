import { type MyRecord, SESSION_ID_HEADER } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { deadlineOf, iso, proctoringOf, proctoringSummary, videoStateOf } from '../admin/session-view.ts';
import { requireOwnSession } from '../http/candidate-access.ts';
import { HttpError } from '../http/errors.ts';
import type { AccessLogStore } from '../storage/access/access-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import type { RouteDeps } from './deps.ts';

const sessionIdHeader = SESSION_ID_HEADER.toLowerCase();

/** How many of the newest looks at a submission the candidate is shown one by one. */
const LOOKS_SHOWN = 100;

/** The candidate's own record, in the terms the reviewer reads it, and every look at it since. */
function myRecordOf(record: SessionRecord, looks: Awaited<ReturnType<AccessLogStore['ofSession']>>): MyRecord {
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
    access: {
      looks: looks.entries.map((look) => ({ at: iso(look.at) as string, role: look.actorRole, action: look.action })),
      people: looks.people,
    },
  };
}

/**
 * `GET /api/my-record`: what the server holds for the browser's own session (its `Session-Key`,
 * and the session named in `X-Session-Id`), so the candidate sees what the reviewer will see.
 */
export function registerMyRecordRoute(
  app: FastifyInstance,
  { sessions, access }: Pick<RouteDeps, 'sessions' | 'access'>,
): void {
  app.get('/api/my-record', { config: { access: 'session' } }, async (request, reply): Promise<MyRecord> => {
    const sessionId = request.headers[sessionIdHeader];
    if (typeof sessionId !== 'string') throw new HttpError(400, `This request needs the ${SESSION_ID_HEADER} header`);
    requireOwnSession(request, sessionId);
    const record = await sessions.getSession(sessionId);
    if (!record) throw new HttpError(404, 'There is no such session');
    reply.header('Cache-Control', 'no-store');
    return myRecordOf(record, await access.ofSession(sessionId, LOOKS_SHOWN));
  });
}
