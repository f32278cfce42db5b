/** Upload progress is spoken every quarter: often enough to know it moves, never every percent. */
export const ANNOUNCED_STEP_PERCENT = 25;

/**
 * What the upload's live region says at this progress. The text changes only when a step is
 * crossed, so a screen reader speaks four times at most; the end is said by "Your video has been sent."
 */
export function progressAnnouncement(percent: number): string {
  const step = Math.floor(percent / ANNOUNCED_STEP_PERCENT) * ANNOUNCED_STEP_PERCENT;
  if (step <= 0 || step >= 100) return '';
  return `${step}% of your video sent.`;
}
