const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

export interface Backoff {
  /** The server could not take this item now: wait before the next try, longer each time. */
  retryLater(id: string, retryAfterMs: number | undefined): void;
  forget(id: string): void;
  /** No item goes out until the server has had time to come back. */
  serverUnreachable(): void;
  serverAnswered(): void;
  /** When the item may be tried again (a time in the past means now). */
  dueAt(id: string): number;
}

/** Exponential backoff with jitter, per item and for the server as a whole. */
export function createBackoff(now: () => number, random: () => number): Backoff {
  const retryAt = new Map<string, { attempts: number; at: number }>();
  let unreachableCount = 0;
  let blockedUntil = 0;

  function delay(attempts: number): number {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
    return ceiling / 2 + (random() * ceiling) / 2;
  }

  return {
    retryLater(id, retryAfterMs) {
      const attempts = (retryAt.get(id)?.attempts ?? 0) + 1;
      retryAt.set(id, { attempts, at: now() + (retryAfterMs ?? delay(attempts)) });
    },
    forget: (id) => {
      retryAt.delete(id);
    },
    serverUnreachable() {
      unreachableCount += 1;
      blockedUntil = now() + delay(unreachableCount);
    },
    serverAnswered() {
      unreachableCount = 0;
      blockedUntil = 0;
    },
    dueAt: (id) => Math.max(blockedUntil, retryAt.get(id)?.at ?? 0),
  };
}
