import type { HealthCount } from '../storage/releases/release-store.ts';

/** When a release on a share is rolled back by itself: DEPLOY.md, "Automatic rollback", says why these. */
export interface RollbackRule {
  /** Loads the release on a share must have had before its rate is judged. */
  minLoads: number;
  /** Percentage points its failure rate may exceed the live release's by. */
  marginPoints: number;
}

export interface Health {
  loads: number;
  failures: number;
  /** Failures per load, from 0 to 1 (a page may fail more than it loads: a failed load is no load). */
  rate: number;
}

/** A release's loads and failures, of every kind, from its counts. */
export function healthOf(counts: readonly HealthCount[], releaseId: string): Health {
  let loads = 0;
  let failures = 0;
  for (const count of counts) {
    if (count.releaseId !== releaseId) continue;
    // A failed load is a page that tried to load it too.
    if (count.kind === 'load' || count.kind === 'load-failure') loads += count.count;
    if (count.kind !== 'load') failures += count.count;
  }
  return { loads, failures, rate: loads === 0 ? 0 : Math.min(1, failures / loads) };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Whether the release on a share has had the loads to be judged by, whether to roll it back, and
 * the figures that say why (for the history).
 */
export function healthVerdict(candidate: Health, live: Health, rule: RollbackRule) {
  const figures = `${candidate.failures} failures in ${candidate.loads} loads (${percent(candidate.rate)}) against ${live.failures} in ${live.loads} (${percent(live.rate)}) for the live release; the rule: more than ${rule.marginPoints} points above it after ${rule.minLoads} loads`;
  const judged = candidate.loads >= rule.minLoads;
  const rollBack = judged && (candidate.rate - live.rate) * 100 > rule.marginPoints;
  return { judged, rollBack, figures };
}
