import type { HistoryEntry } from '../storage/releases/release-store.ts';

/**
 * The release a rollback returns to: the newest one that was live before the current one and has
 * not been rolled back from since it was last made live. Read from the history alone, so every
 * instance finds the same one, and two rollbacks in a row go two steps back, never back and forth.
 */
export function rollbackTarget(history: readonly HistoryEntry[], current: string | undefined): string | undefined {
  const changes = history.filter((entry) => entry.kind !== 'released' && entry.kind !== 'refused');
  const seen = new Set<string>();
  const rolledBackFrom = new Set<string>();
  for (const entry of [...changes].reverse()) {
    const left = entry.previous_release_id;
    if (entry.kind === 'rolled-back' && left && !seen.has(left)) {
      rolledBackFrom.add(left);
      seen.add(left);
    }
    const made = entry.release_id;
    if (!made) continue;
    if (made !== current && !rolledBackFrom.has(made)) return made;
    seen.add(made);
  }
  return undefined;
}
