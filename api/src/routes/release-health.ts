import { HEALTH_REPORT_BYTES, healthReportSchema, RELEASE_HEALTH_PATH } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import type { HealthCount } from '../storage/releases/release-store.ts';
import type { RouteDeps } from './deps.ts';

/**
 * The shell's reports of how each section release behaves, which roll a release on a share back
 * (`releases/health-watch.ts`). Only a registered session's report counts (its invitation closed or not), at most
 * `HEALTH_REPORTS_PER_SESSION_PER_HOUR` times an hour, about the releases it is served; each kind
 * counts once a report, however many times the page saw it, so one browser cannot outweigh
 * another, and a stranger needs many registered sessions, each on the release, to move a rate.
 */
export function registerReleaseHealthRoute(
  app: FastifyInstance,
  { releases, liveReleases, limits }: Pick<RouteDeps, 'releases' | 'liveReleases' | 'limits'>,
): void {
  app.post(
    `/api${RELEASE_HEALTH_PATH}`,
    { config: { access: 'report', bucket: 'health' }, bodyLimit: HEALTH_REPORT_BYTES },
    async (request, reply) => {
      const candidate = request.candidate;
      if (!candidate) throw new Error('The health route runs after the session key check');
      const session = candidate.session;
      await limits.admitSender(request, reply, session?.sessionId);
      const report = parseOrRefuse(healthReportSchema, request.body);
      // The session was erased since its page loaded (nothing of it may be kept, not even a count),
      // or its registration has not landed yet (its page counts from the moment it agrees).
      if (!session) return reply.code(204).send();
      const pinned = await releases.pinnedSession(candidate.keyHash);
      // A preview link's session is a section team's look, not a candidate's load: no count holds it.
      if (pinned?.previewReleaseId) return reply.code(204).send();
      const served = await liveReleases.remotesOf(candidate.keyHash);
      const own = new Set([
        ...Object.values(served.releases),
        ...Object.values(pinned?.sectionReleases ?? {}).map((one) => one.release),
      ]);
      const counted = new Map<string, HealthCount>();
      for (const entry of report.reports) {
        if (!own.has(entry.release)) continue;
        counted.set(`${entry.release} ${entry.kind}`, { releaseId: entry.release, kind: entry.kind, count: 1 });
      }
      await releases.addHealth([...counted.values()]);
      return reply.code(204).send();
    },
  );
}
