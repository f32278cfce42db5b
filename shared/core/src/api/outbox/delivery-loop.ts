import type { Backoff } from './backoff.ts';
import type { OutboxItem } from './outbox.ts';
import type { StoredQueue } from './stored-queue.ts';

export interface DeliveryLoop {
  /** One pass over the waiting items: those due, or all of them when forced. */
  run(force: boolean): Promise<void>;
  /** Sets the timer for the next item that falls due. */
  schedule(): void;
  stop(): void;
}

/** Whether an item is the first of its sequence still waiting (in flight counts as waiting). */
export function isFirstOfSequence(item: OutboxItem, items: OutboxItem[]): boolean {
  if (item.sequence === undefined) return true;
  return items.find((other) => other.sequence === item.sequence)?.id === item.id;
}

/**
 * Sends waiting items one at a time, oldest first, so the server sees a registration before its
 * answers, and stops a pass at the first item that cannot reach the server. Passes never overlap;
 * what is asked for during a pass gets a pass of its own after it.
 */
export function createDeliveryLoop(parts: {
  queue: StoredQueue;
  backoff: Backoff;
  isInFlight: (id: string) => boolean;
  send: (item: OutboxItem) => Promise<'unreachable' | 'other'>;
  now: () => number;
}): DeliveryLoop {
  const { queue, backoff, isInFlight, send, now } = parts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let rerun: 'no' | 'due' | 'all' = 'no';
  let stopped = false;

  async function sendDue(force: boolean): Promise<void> {
    const tried = new Set<string>();
    for (;;) {
      const items = queue.load();
      const item = items.find(
        (candidate) =>
          !isInFlight(candidate.id) &&
          !tried.has(candidate.id) &&
          isFirstOfSequence(candidate, items) &&
          (force || backoff.dueAt(candidate.id) <= now()),
      );
      if (!item) return;
      tried.add(item.id);
      if ((await send(item)) === 'unreachable') return;
    }
  }

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const waiting = queue.load().filter((item) => !isInFlight(item.id));
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((item) => backoff.dueAt(item.id)));
    timer = setTimeout(() => void run(false), Math.max(0, next - now()));
  }

  function run(force: boolean): Promise<void> {
    if (running) {
      // Whatever was asked while a pass ran gets its own pass, forced if any ask was.
      if (force) rerun = 'all';
      else if (rerun === 'no') rerun = 'due';
      return running;
    }
    running = (async () => {
      let forced = force;
      for (;;) {
        await sendDue(forced);
        if (rerun === 'no') return;
        forced = rerun === 'all';
        rerun = 'no';
      }
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  return {
    run,
    schedule,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
