import fs from 'node:fs';
import os from 'node:os';

/** Niceness of the pool's threads: the event loop's thread keeps about ten times their share of a busy CPU. */
const BACKGROUND_NICENESS = 10;

/**
 * Makes the calling worker thread yield the CPU to the server's own thread. On Linux a thread has
 * its own nice value, set through its thread id (`/proc/thread-self` names it); elsewhere, or
 * where the system refuses, the thread simply keeps the normal priority.
 */
export function runInBackground(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(threadId) && threadId > 0) os.setPriority(threadId, BACKGROUND_NICENESS);
  } catch {
    // Not Linux, or not allowed: the pool still works, only without the lower priority.
  }
}
