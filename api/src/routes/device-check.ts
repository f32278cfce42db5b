import { type DeviceCheckResponse, deviceCheckPasses, deviceCheckSchema } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef, SMALL_BODY_LIMIT } from './session-ref.ts';

/** Records the browser's camera check; the answer is computed from the reported facts alone. */
export function registerDeviceCheckRoute(
  app: FastifyInstance,
  { sessions, now }: Pick<RouteDeps, 'sessions' | 'now'>,
): void {
  app.post(
    '/api/device-check',
    { config: { access: 'session' }, bodyLimit: SMALL_BODY_LIMIT },
    async (request): Promise<DeviceCheckResponse> => {
      const check = parseOrRefuse(deviceCheckSchema, request.body);
      const result = await sessions.saveDeviceCheck(
        ownSessionRef(request, check, now()),
        check.checkId,
        check.facts,
        deviceCheckPasses(check.facts),
      );
      return { result };
    },
  );
}
