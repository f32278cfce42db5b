import { STAGE_REASON_MAX_LENGTH, STAGE_REASONS_MAX } from '@assessment/core';

/**
 * The reasons an admin wrote, one per line, as the server takes them, or what to fix first: the
 * same rules as the server's (`stageReasonsSchema`), said where the admin is writing.
 */
export function reasonsFromLines(text: string): { reasons: string[] } | { problem: string } {
  const reasons = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (reasons.length > STAGE_REASONS_MAX) {
    return { problem: `List at most ${STAGE_REASONS_MAX} reasons; this has ${reasons.length}.` };
  }
  const long = reasons.find((reason) => reason.length > STAGE_REASON_MAX_LENGTH);
  if (long)
    return { problem: `Keep each reason to ${STAGE_REASON_MAX_LENGTH} characters: "${long.slice(0, 40)}…" is longer.` };
  const seen = new Set<string>();
  for (const reason of reasons) {
    if (seen.has(reason.toLowerCase())) return { problem: `"${reason}" is listed twice: keep it once.` };
    seen.add(reason.toLowerCase());
  }
  return { reasons };
}
