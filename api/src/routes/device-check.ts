import { type DeviceCheckResponse, deviceCheckPasses, deviceCheckSchema } from '@assessment/shared/api-schemas';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { requireTest } from '../invite.ts';
import type { ApiDeps } from './deps.ts';

/** Records the browser's camera check; the answer is computed from the reported facts alone. */
export function registerDeviceCheckRoute(app: FastifyInstance, { store, now }: ApiDeps): void {
  app.post('/api/device-check', async (request): Promise<DeviceCheckResponse> => {
    const check = parseOrRefuse(deviceCheckSchema, request.body);
    requireTest(check.data);
    const result = await store.saveDeviceCheck(
      { sessionId: check.unique, inviteId: check.data, receivedAt: now() },
      check.checkId,
      check.facts,
      deviceCheckPasses(check.facts),
    );
    return { result };
  });
}
