import type { FastifyInstance } from 'fastify';
import { identifyCandidate } from '../http/candidate-access.ts';
import { registerJsonErrors } from '../http/errors.ts';
import { registerRateLimits } from '../http/rate-limits.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerAnswersRoute } from './answers.ts';
import type { ApiDeps } from './deps.ts';
import { registerDeviceCheckRoute } from './device-check.ts';
import { registerGreenhouseRoutes } from './greenhouse.ts';
import { registerInvitationStatusRoute } from './invitation-status.ts';
import { registerMyRecordRoutes } from './my-record.ts';
import { registerPrivacyNoticeRoute } from './privacy-notice.ts';
import { registerRegistrationRoute } from './registration.ts';
import { registerReleaseHealthRoute } from './release-health.ts';
import { registerReleaseRoutes } from './releases.ts';
import { registerReviewRoutes } from './review.ts';
import { registerSectionNoticeRoutes } from './section-notices.ts';
import { registerSectionRecordRoutes } from './section-records.ts';
import { registerVideoUploadRoutes } from './video-upload.ts';

/**
 * Every route under /api except health, in one scope so the session key check, the rate limits
 * and JSON errors cover exactly them. A request is first identified by its session key, then
 * counted against its bucket, and only then refused if its key is wrong: before its body is read.
 */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await app.register(async (api) => {
    registerJsonErrors(api);
    const limits = await registerRateLimits(api, {
      perMinute: deps.config.rateLimitPerMinute,
      registrationsPerIpPerHour: deps.config.registrationsPerIpPerHour,
      registrationsPerBlockPerHour: deps.config.registrationsPerBlockPerHour,
      registrationsPerTestPerHour: deps.config.registrationsPerTestPerHour,
      invitationChecksPerIpPerHour: deps.config.invitationChecksPerIpPerHour,
      signInsPerIpPerHour: deps.config.signInsPerIpPerHour,
      now: deps.now,
      ...(deps.rateLimitRedis ? { redis: deps.rateLimitRedis } : {}),
    });
    api.decorateRequest('candidate', undefined);
    api.addHook('onRequest', async (request, reply) => {
      // No answer here is for a browser to keep, refusals included: the candidate's calls that
      // read (their record) are told apart by headers alone, so a kept 410 of an erased session
      // was served to the next session of the same browser as its own.
      reply.header('Cache-Control', 'no-store');
      const refusal = await identifyCandidate(request, deps, deps.now());
      await limits.admit(request, reply);
      if (refusal) throw refusal;
    });
    const routeDeps = { ...deps, limits };
    registerInvitationStatusRoute(api, routeDeps);
    registerRegistrationRoute(api, routeDeps);
    registerReleaseHealthRoute(api, routeDeps);
    registerMyRecordRoutes(api, routeDeps);
    registerPrivacyNoticeRoute(api, routeDeps);
    await registerAnswersRoute(api, routeDeps);
    registerDeviceCheckRoute(api, routeDeps);
    registerSectionNoticeRoutes(api, routeDeps);
    registerSectionRecordRoutes(api, routeDeps);
    await registerVideoUploadRoutes(api, routeDeps);
    await registerReviewRoutes(api, routeDeps);
    registerReleaseRoutes(api, {
      releaseService: deps.releaseService,
      releases: deps.releases,
      liveReleases: deps.liveReleases,
      releasePreviews: deps.releasePreviews,
      adminToken: deps.config.adminToken,
      maxBytes: deps.config.releaseMaxBytes,
      limits,
    });
    await registerGreenhouseRoutes(api, routeDeps, () => void api.deliverySender.runDue());
    if (deps.config.adminToken) await registerAdminRoutes(api, routeDeps, deps.config.adminToken);
  });
}
