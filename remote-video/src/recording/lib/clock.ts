/** Elapsed time as the candidate reads it: `mm:ss`, whole seconds, minutes past 59 kept (`10:00`). */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The recording limit as the section states it: `recordTimeInSeconds / 60` mins. */
export function recordLimitMinutes(recordTimeInSeconds: number): number {
  return Math.round((recordTimeInSeconds / 60) * 100) / 100;
}
