import type { ReleaseStore } from '../storage/releases/release-store.ts';
import { healthOf, healthVerdict, type RollbackRule } from './health-verdict.ts';
import type { LiveReleases } from './live-releases.ts';
import type { ReleaseService } from './release-service.ts';

/** How often each instance judges the releases on a share: a rollback reaches every instance within this and a poll. */
export const HEALTH_WATCH_MS = 2000;

/**
 * Rolls back, by itself, a release on a share whose failure rate exceeds the live release's by
 * the rule's margin once it had the rule's minimum of loads; raises one that is not, and has
 * stages, to its next stage once it is due and has had that minimum. Every instance watches; each change is a
 * compare-and-set, so one of them makes it, once.
 */
export function startHealthWatch(deps: {
  releases: ReleaseStore;
  releaseService: ReleaseService;
  liveReleases: LiveReleases;
  rule: RollbackRule;
  log: (message: string) => void;
}): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function judge() {
    const rows = (await deps.releases.liveSections()).filter((row) => row.candidate && row.release && row.share > 0);
    for (const row of rows) {
      const candidate = row.candidate?.release_id as string;
      const live = row.release?.release_id as string;
      const counts = await deps.releases.health([candidate, live]);
      const verdict = healthVerdict(healthOf(counts, candidate), healthOf(counts, live), deps.rule);
      if (!verdict.rollBack) {
        // Raised only on evidence: once the version has had the loads the rule judges it by.
        if (verdict.judged && (await deps.releaseService.advanceStage(row))) {
          deps.log(`Raised ${row.sectionId} ${row.candidate?.version} to its next stage, healthy`);
          await deps.liveReleases.refresh();
        }
        continue;
      }
      const done = await deps.releaseService.rollBackUnhealthy(row.sectionId, candidate, verdict.figures);
      if (done) {
        deps.log(`Rolled ${row.sectionId} ${row.candidate?.version} back by itself: ${verdict.figures}`);
        await deps.liveReleases.refresh();
      }
    }
  }

  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () =>
        judge()
          .catch((error: unknown) => deps.log(`Release health: ${(error as Error).message}`))
          .finally(next),
      HEALTH_WATCH_MS,
    );
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
