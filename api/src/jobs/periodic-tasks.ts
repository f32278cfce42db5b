import type { TaskStore } from '../storage/tasks/task-store.ts';

/** A job the server does on its own, on a schedule: at start, then every `everyMs`. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(now: number): Promise<void>;
}

export interface PeriodicTaskRunner {
  /** Runs every task that is due now, once across instances; resolves when they are done. */
  runDue(): Promise<void>;
  stop(): Promise<void>;
}

/** How often each instance asks whether a task is due. */
const CHECK_EVERY_MS = 60_000;
/** How long a claimed run holds its task: an instance that dies mid-run lets another take over after it. */
const HOLD_MS = 15 * 60_000;

/**
 * Runs each task at start and whenever it is due, on whichever instance claims it first (the
 * claim is the database's, `TaskStore`). A task that fails is logged and tried again when it is
 * next checked; it never stops the server or the other tasks.
 */
export function startPeriodicTasks(
  tasks: readonly PeriodicTask[],
  { store, now, onError }: { store: TaskStore; now: () => number; onError: (task: string, error: unknown) => void },
): PeriodicTaskRunner {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function runOne(task: PeriodicTask): Promise<void> {
    const at = now();
    if (!(await store.claimTask(task.name, at, task.everyMs, HOLD_MS))) return;
    try {
      await task.run(at);
    } finally {
      await store.finishTask(task.name, now());
    }
  }

  function runDue(): Promise<void> {
    running = running.then(async () => {
      for (const task of tasks) {
        if (stopped) return;
        await runOne(task).catch((error: unknown) => onError(task.name, error));
      }
    });
    return running;
  }

  const timer = setInterval(() => void runDue(), CHECK_EVERY_MS);
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
