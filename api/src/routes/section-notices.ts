import {
  feedbackSchema,
  QUIZ_COMPLETE_PATH,
  quizCompleteSchema,
  quizStartSchema,
  videoSkipSchema,
} from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef, SMALL_BODY_LIMIT } from './session-ref.ts';

const candidateWrite = { config: { access: 'session' as const }, bodyLimit: SMALL_BODY_LIMIT };

/** The small records that mark a section's start or end: quiz start, quiz complete, no video, feedback. */
export function registerSectionNoticeRoutes(
  app: FastifyInstance,
  { sessions, now }: Pick<RouteDeps, 'sessions' | 'now'>,
): void {
  // The server's own clock decides when the quiz started: a browser cannot claim a later start.
  app.post('/api/quiz-start', candidateWrite, async (request) => {
    const start = parseOrRefuse(quizStartSchema, request.body);
    await sessions.saveQuizStart(ownSessionRef(request, start, now()));
    return { ok: true };
  });

  app.post(`/api${QUIZ_COMPLETE_PATH}`, candidateWrite, async (request) => {
    const notice = parseOrRefuse(quizCompleteSchema, request.body);
    await sessions.saveQuizComplete(ownSessionRef(request, notice, now()), notice);
    return { ok: true };
  });

  app.post('/api/video-skip', candidateWrite, async (request) => {
    const skip = parseOrRefuse(videoSkipSchema, request.body);
    await sessions.saveVideoSkip(ownSessionRef(request, skip, now()), skip.reason);
    return { ok: true };
  });

  app.post('/api/feedback', candidateWrite, async (request) => {
    const feedback = parseOrRefuse(feedbackSchema, request.body);
    await sessions.saveFeedback(ownSessionRef(request, feedback, now()), feedback);
    return { ok: true };
  });
}
