/** How long a hostile body's refusal waits before it is sent. */
export const HOSTILE_PAUSE_MS = 1000;
/** Refusals waiting at once; past this many the next is sent at once, so held sockets stay few. */
export const HOSTILE_HELD_MAX = 64;

export interface HostilePause {
  /** Resolves once the pause is over, at once when `most` refusals already wait, or on `releaseAll`. */
  wait(): Promise<void>;
  /** Ends every pause now: the server is closing and must not wait for them. */
  releaseAll(): void;
}

/**
 * The pause before a refusal of a body that no editor of the product writes (`HostileBodyError`).
 * Its connection is held, unread, meanwhile. A client that sends such bodies in a loop waits on
 * each, so it sends a few a second rather than hundreds, and the cost of the flood is its own
 * waiting. Without the pause, every refusal is a connection accepted, its headers parsed, an answer
 * written and a socket torn down, work the event loop does between other candidates' saves (bench
 * `api`, "Another candidate's saves under nested arrays"). A candidate's browser never sends one.
 */
export function createHostilePause(ms = HOSTILE_PAUSE_MS, most = HOSTILE_HELD_MAX): HostilePause {
  const waiting = new Set<() => void>();
  return {
    wait() {
      if (waiting.size >= most) return Promise.resolve();
      return new Promise((resolve) => {
        const release = () => {
          clearTimeout(timer);
          waiting.delete(release);
          resolve();
        };
        const timer = setTimeout(release, ms);
        waiting.add(release);
      });
    },
    releaseAll() {
      for (const release of [...waiting]) release();
    },
  };
}
