export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface DebouncedTask {
  /** Asks for a run `waitMs` after the last request, and never later than `maxWaitMs` after the first. */
  schedule(): void;
  /** Runs now if a run is waiting (page hide, leaving the question, Complete). */
  flush(): void;
  pending(): boolean;
  cancel(): void;
}

/**
 * Debounce with a ceiling: while the candidate types without pause the answer is still saved
 * every `maxWaitMs`, so a crash mid-sentence loses at most that much.
 */
export function createDebouncedTask(
  run: () => void,
  { waitMs, maxWaitMs, timers = browserTimers }: { waitMs: number; maxWaitMs: number; timers?: Timers },
): DebouncedTask {
  let timer: unknown;
  let firstRequestAt: number | undefined;

  function clear(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function fire(): void {
    clear();
    firstRequestAt = undefined;
    run();
  }

  return {
    schedule() {
      const now = timers.now();
      firstRequestAt ??= now;
      clear();
      const delay = Math.max(0, Math.min(waitMs, firstRequestAt + maxWaitMs - now));
      timer = timers.setTimeout(fire, delay);
    },
    flush() {
      if (firstRequestAt !== undefined) fire();
    },
    pending: () => firstRequestAt !== undefined,
    cancel() {
      clear();
      firstRequestAt = undefined;
    },
  };
}
