/**
 * The open editor's save that is still waiting for its debounce. Complete, time up and page hide
 * flush it first, so what the candidate typed in the last moment is part of what is sent.
 */
export interface DraftRegistry {
  add(flush: () => void): () => void;
  flushAll(): void;
}

export function createDraftRegistry(): DraftRegistry {
  const flushes = new Set<() => void>();
  return {
    add(flush) {
      flushes.add(flush);
      return () => {
        flushes.delete(flush);
      };
    },
    flushAll() {
      for (const flush of flushes) flush();
    },
  };
}
