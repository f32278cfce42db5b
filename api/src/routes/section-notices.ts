import { feedbackSchema, quizCompleteSchema, videoSkipSchema } from '@assessment/shared/api-schemas';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { ApiDeps } from './deps.ts';

/** The small records that mark a section's end: quiz complete, no video, feedback. */
export function registerSectionNoticeRoutes(app: FastifyInstance, { store, now }: ApiDeps): void {
  app.post('/api/video-just', async (request) => {
    const notice = parseOrRefuse(quizCompleteSchema, request.body);
    requireTest(notice.data);
    await store.saveQuizComplete({ sessionId: notice.unique, inviteId: notice.data, receivedAt: now() }, notice);
    return { ok: true };
  });

  app.post('/api/video-skip', async (request) => {
    const skip = parseOrRefuse(videoSkipSchema, request.body);
    requireTest(skip.data);
    await store.saveVideoSkip({ sessionId: skip.unique, inviteId: skip.data, receivedAt: now() }, skip.reason);
    return { ok: true };
  });

  app.post('/api/feedback', async (request) => {
    const feedback = parseOrRefuse(feedbackSchema, request.body);
    requireTest(feedback.data);
    await store.saveFeedback({ sessionId: feedback.unique, inviteId: feedback.data, receivedAt: now() }, feedback);
    return { ok: true };
  });
}
