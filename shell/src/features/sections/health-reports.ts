import {
  HEALTH_REPORT_ENTRIES,
  type HealthKind,
  type HealthReport,
  RELEASE_HEALTH_PATH,
  SESSION_KEY_HEADER,
} from '@assessment/core';
import { sessionStore } from '@assessment/react';

/**
 * What this page saw of each section release, sent to the server in small batches
 * (`api/src/routes/release-health.ts`), which rolls back a release on a share that fails more than
 * the live one. A report holds release ids, kinds and counts only. Sent only once the page holds a
 * registered session's key: the server counts no other.
 */

/** How long counts gather before they are sent: a page's loads and failures come in one report. */
const BATCH_MS = 5000;

/** Federation name → the release `remotes.json` named for it, and the address its files are under. */
const served = new Map<string, { release: string; base: string }>();
const counts = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Reads `remotes.json`'s `Section-Releases` header (name=release id, …) beside its entries. */
export function noteServedReleases(header: string | null, entries: Record<string, string>): void {
  served.clear();
  for (const pair of (header ?? '').split(',')) {
    const [name, release] = pair.split('=');
    const entry = name ? entries[name] : undefined;
    if (name && release && entry) {
      served.set(name, { release, base: new URL('.', new URL(entry, window.location.origin)).href });
    }
  }
}

function send(): void {
  timer = undefined;
  const key = sessionStore.getState().sessionKey;
  const reports = [...counts].slice(0, HEALTH_REPORT_ENTRIES).map(([entry, count]) => {
    const [release, kind] = entry.split(' ') as [string, HealthKind];
    return { release, kind, count };
  });
  counts.clear();
  if (!key || reports.length === 0) return;
  const body: HealthReport = { reports };
  fetch(`/api${RELEASE_HEALTH_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SESSION_KEY_HEADER]: key },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Counts one thing seen of the release served for this remote. */
export function reportHealth(remote: string, kind: HealthKind): void {
  const release = served.get(remote)?.release;
  if (!release) return;
  const entry = `${release} ${kind}`;
  counts.set(entry, (counts.get(entry) ?? 0) + 1);
  timer ??= setTimeout(send, BATCH_MS);
}

/** The remote whose files an error's stack points into, if any. */
function remoteOfStack(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  for (const [name, { base }] of served) if (stack.includes(base)) return name;
  return undefined;
}

/** Errors and rejections nobody caught are counted against the release whose files they came from. */
export function watchUnhandledErrors(): void {
  window.addEventListener('error', (event) => {
    const remote = remoteOfStack((event.error as Error | undefined)?.stack ?? event.filename);
    if (remote) reportHealth(remote, 'unhandled');
  });
  window.addEventListener('unhandledrejection', (event) => {
    const remote = remoteOfStack((event.reason as Error | undefined)?.stack);
    if (remote) reportHealth(remote, 'unhandled');
  });
  window.addEventListener('pagehide', () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      send();
    }
  });
}
