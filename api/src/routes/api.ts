import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError, registerJsonErrors } from '../http/errors.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerAnswersRoute } from './answers.ts';
import type { ApiDeps } from './deps.ts';
import { registerDeviceCheckRoute } from './device-check.ts';
import { registerRegistrationRoute } from './registration.ts';
import { registerSectionNoticeRoutes } from './section-notices.ts';
import { registerVideoUploadRoutes } from './video-upload.ts';

/** Every route under /api except health, in one scope so the rate limit and JSON errors cover exactly them. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await app.register(async (api) => {
    registerJsonErrors(api);
    await api.register(rateLimit, {
      max: deps.config.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`),
    });
    registerRegistrationRoute(api, deps);
    registerAnswersRoute(api, deps);
    registerDeviceCheckRoute(api, deps);
    registerSectionNoticeRoutes(api, deps);
    await registerVideoUploadRoutes(api, deps);
    if (deps.config.adminToken) await registerAdminRoutes(api, deps, deps.config.adminToken);
  });
}
