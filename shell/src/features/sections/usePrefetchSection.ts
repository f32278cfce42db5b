import type { Section } from '@assessment/core';
import { useEffect } from 'react';
import { useSectionPrefetcher } from './section-loader.ts';

/** Runs `task` when the browser has nothing more urgent to do; returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * While the candidate reads this page, fetches the given section (the one they go to next) at idle
 * priority, so that it opens without waiting for its remote. `ready` holds it back until this
 * page's own content has loaded: the prefetch must never compete with what the candidate is waiting for.
 */
export function usePrefetchSection(section: Section | undefined, ready = true): void {
  const prefetch = useSectionPrefetcher();
  useEffect(() => {
    if (!section || !prefetch || !ready) return;
    return whenIdle(() => prefetch(section));
  }, [section, prefetch, ready]);
}
