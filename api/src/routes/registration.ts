import { registrationSchema } from '@assessment/shared/api-schemas';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { ApiDeps } from './deps.ts';

export function registerRegistrationRoute(app: FastifyInstance, { store, now }: ApiDeps): void {
  app.post('/api/now-assessment', async (request) => {
    const registration = parseOrRefuse(registrationSchema, request.body);
    requireTest(registration.data);
    await store.saveRegistration(
      { sessionId: registration.unique, inviteId: registration.data, receivedAt: now() },
      registration,
    );
    return { ok: true };
  });
}
