/** A piece of the server's own work that it looks for again and again (`startSerialLoop`). */
export interface SerialLoop {
  /** Looks now (after the look running, if any); resolves when that look is done. */
  runDue(): Promise<void>;
  /** No look starts after this; resolves when the one running is done. */
  stop(): Promise<void>;
}

/**
 * Runs `look` at start and every `everyMs`, one look at a time: a look asked for while one runs
 * waits behind it, and never more than one waits, so slow work does not pile them up. `look` is
 * told whether the loop has been stopped, to end early. A look that throws is `onError`'s; the
 * loop goes on.
 */
export function startSerialLoop(
  everyMs: number,
  look: (stopped: () => boolean) => Promise<void>,
  onError: (error: unknown) => void,
): SerialLoop {
  let running: Promise<void> = Promise.resolve();
  let waiting = false;
  let stopped = false;

  function runDue(): Promise<void> {
    if (waiting) return running;
    waiting = true;
    running = running.then(async () => {
      waiting = false;
      if (stopped) return;
      await look(() => stopped).catch(onError);
    });
    return running;
  }

  const timer = setInterval(() => void runDue(), everyMs);
  timer.unref();
  void runDue();
  return {
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
