import { type AnswersResponse, answersSchema } from '@assessment/shared/api-schemas';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import { sanitizeAnswer } from '../sanitize.ts';
import type { ApiDeps } from './deps.ts';

/** Autosave and final submit; late answers are kept and flagged, never dropped. */
export function registerAnswersRoute(app: FastifyInstance, { store, now }: ApiDeps): void {
  app.post('/api/answers', async (request): Promise<AnswersResponse> => {
    const payload = parseOrRefuse(answersSchema, request.body);
    requireTest(payload.data);
    const [first, second, third] = payload.answers;
    return store.saveAnswers({
      sessionId: payload.unique,
      inviteId: payload.data,
      receivedAt: now(),
      answers: [sanitizeAnswer(first), sanitizeAnswer(second), sanitizeAnswer(third)],
      proctoring: payload.proctoring,
      revision: payload.revision,
      savedAt: payload.savedAt,
      final: payload.final,
    });
  });
}
