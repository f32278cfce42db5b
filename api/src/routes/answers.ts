import { type AnswersResponse, answersSchema } from '@assessment/shared/api-schemas';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { sanitizeAnswer } from '../sanitize.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef } from './session-ref.ts';

/** Autosave and final submit; late answers are kept and flagged, never dropped. */
export function registerAnswersRoute(app: FastifyInstance, { store, now }: RouteDeps): void {
  app.post('/api/answers', { config: { access: 'session' } }, async (request): Promise<AnswersResponse> => {
    const payload = parseOrRefuse(answersSchema, request.body);
    const ref = ownSessionRef(request, payload, now());
    const [first, second, third] = payload.answers;
    return store.saveAnswers({
      ...ref,
      answers: [sanitizeAnswer(first), sanitizeAnswer(second), sanitizeAnswer(third)],
      proctoring: payload.proctoring,
      revision: payload.revision,
      savedAt: payload.savedAt,
      final: payload.final,
    });
  });
}
