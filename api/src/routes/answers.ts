import { BODY_LIMIT_BYTES } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { quizClockDeadline } from '../admin/session-view.ts';
import { createAnswersChecker } from '../answers/answers-checker.ts';
import { finalReasonAt } from '../answers/final-reason.ts';
import { addressBlock } from '../http/address-block.ts';
import { readShallowJson } from '../http/shallow-body.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef } from './session-ref.ts';

/**
 * Autosave and final submit; late answers are kept and flagged, never dropped. The body is read
 * as bytes, refused while it arrives if it nests too deep (`readShallowJson`), and checked by the
 * answers checker, which decides where its costly parts run. Why the answers became final is the
 * server's to say, from its own deadline: a browser's `finalReason` is not read, so no candidate
 * can label a short quiz as cut off by the clock, or the other way round.
 */
export async function registerAnswersRoute(
  app: FastifyInstance,
  { sessions, now }: Pick<RouteDeps, 'sessions' | 'now'>,
): Promise<void> {
  const checker = createAnswersChecker();
  /** Undefined only for a session erased while its save was on the way, which the store then refuses. */
  const finalReasonOf = async (sessionId: string, receivedAt: number) => {
    const clock = await sessions.quizClock(sessionId);
    const deadline = clock && quizClockDeadline(clock);
    return deadline ? finalReasonAt(receivedAt, deadline.endsAt) : null;
  };
  app.addHook('onClose', () => checker.close());
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', (request, payload, done) => {
      const declared = request.headers['content-length'];
      readShallowJson(payload, declared === undefined ? undefined : Number(declared), BODY_LIMIT_BYTES).then(
        (body) => done(null, body),
        (error: Error) => done(error),
      );
    });
    scope.post('/api/answers', { config: { access: 'session' }, bodyLimit: BODY_LIMIT_BYTES }, async (request) => {
      const payload = await checker.check(request.body as Buffer, addressBlock(request.ip));
      const { sessionId, testId, receivedAt } = ownSessionRef(request, payload, now());
      // Field by field, not `...ref` and more: V8 adds fields after a spread the slow way, 4 µs a
      // save on Node 20 (`sessionRefOf`).
      return sessions.saveAnswers({
        sessionId,
        testId,
        receivedAt,
        answers: payload.answers,
        proctoring: payload.proctoring,
        revision: payload.revision,
        savedAt: payload.savedAt,
        final: payload.final,
        finalReason: payload.final ? await finalReasonOf(sessionId, receivedAt) : null,
      });
    });
  });
}
