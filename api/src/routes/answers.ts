import { BODY_LIMIT_BYTES } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { createAnswersChecker } from '../answers/answers-checker.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef } from './session-ref.ts';

/**
 * Autosave and final submit; late answers are kept and flagged, never dropped. The body is read
 * as bytes and checked by the answers checker, which decides where its costly parts run.
 */
export async function registerAnswersRoute(
  app: FastifyInstance,
  { sessions, now }: Pick<RouteDeps, 'sessions' | 'now'>,
): Promise<void> {
  const checker = createAnswersChecker();
  app.addHook('onClose', () => checker.close());
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/answers', { config: { access: 'session' }, bodyLimit: BODY_LIMIT_BYTES }, async (request) => {
      const payload = await checker.check(request.body as Buffer);
      return sessions.saveAnswers({
        ...ownSessionRef(request, payload, now()),
        answers: payload.answers,
        proctoring: payload.proctoring,
        revision: payload.revision,
        savedAt: payload.savedAt,
        final: payload.final,
        finalReason: payload.finalReason ?? null,
      });
    });
  });
}
