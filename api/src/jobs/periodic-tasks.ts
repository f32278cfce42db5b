import type { TaskStore } from '../storage/tasks/task-store.ts';
import { type SerialLoop, startSerialLoop } from './serial-loop.ts';

/** A job the server does on its own, on a schedule: at start, then every `everyMs`. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(now: number): Promise<void>;
}

/** `runDue` runs every task that is due now, once across instances, and resolves when they are done. */
export type PeriodicTaskRunner = SerialLoop;

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
  async function runOne(task: PeriodicTask): Promise<void> {
    const at = now();
    if (!(await store.claimTask(task.name, at, task.everyMs, HOLD_MS))) return;
    try {
      await task.run(at);
    } finally {
      await store.finishTask(task.name, now());
    }
  }

  return startSerialLoop(
    CHECK_EVERY_MS,
    async (stopped) => {
      for (const task of tasks) {
        if (stopped()) return;
        await runOne(task).catch((error: unknown) => onError(task.name, error));
      }
    },
    // Each task's failure is caught and named above.
    () => {},
  );
}
