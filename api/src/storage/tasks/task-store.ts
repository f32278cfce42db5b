import { defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';

/**
 * Periodic tasks' runs, so that of several instances one runs each task when it is due: the claim
 * is one conditional update, which the database lets only one instance win.
 */
export interface TaskStore {
  /**
   * Claims a run of `name` when its last one started at least `everyMs` before `now` and no run
   * holds it; the claim holds it until `now + holdMs` or until `finishTask`.
   */
  claimTask(name: string, now: number, everyMs: number, holdMs: number): Promise<boolean>;
  finishTask(name: string, now: number): Promise<void>;
}

export const taskWrites = defineWrites({
  async claimTask({ db }, name: string, now: number, everyMs: number, holdMs: number): Promise<boolean> {
    await db
      .insertInto('task_runs')
      .values({ name, started_at: 0, held_until: 0 })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const claimed = await db
      .updateTable('task_runs')
      .set({ started_at: now, held_until: now + holdMs })
      .where('name', '=', name)
      .where('started_at', '<=', now - everyMs)
      .where('held_until', '<=', now)
      .executeTakeFirst();
    return claimed.numUpdatedRows > 0n;
  },

  async finishTask({ db }, name: string, now: number): Promise<void> {
    await db.updateTable('task_runs').set({ held_until: now }).where('name', '=', name).execute();
  },
});

export function createTaskStore({ write }: Storage): TaskStore {
  return {
    claimTask: (name, now, everyMs, holdMs) => write('claimTask', name, now, everyMs, holdMs),
    finishTask: (name, now) => write('finishTask', name, now),
  };
}
