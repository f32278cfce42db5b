import { registrationSchema } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { requireOwnSession } from '../http/candidate-access.ts';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT, sessionRefOf } from './session-ref.ts';

/**
 * Opens a session bound to the browser's session key. The same browser may register again (a
 * reload of the landing page): same key, same session. A key that already opened a session
 * registers that session only.
 */
export function registerRegistrationRoute(app: FastifyInstance, { store, now, limits }: RouteDeps): void {
  app.post(
    '/api/now-assessment',
    { config: { access: 'registration' }, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const registration = parseOrRefuse(registrationSchema, request.body);
      requireTest(registration.data);
      const candidate = request.candidate;
      if (!candidate) throw new Error('The registration route runs after the session key check');
      if (candidate.session) requireOwnSession(request, registration.unique);
      else await limits.admitRegistrationFor(request, reply, registration.data);
      await store.saveRegistration(sessionRefOf(registration, now()), candidate.keyHash, registration);
      return { ok: true };
    },
  );
}
