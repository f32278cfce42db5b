import type { AnswersPayload } from '@assessment/core';

/**
 * How a waiting answers save is combined with the one that replaces it in the outbox: a submit
 * replaced by a later autosave stays a submit, and keeps why it was one.
 */
export function keepFinal(older: unknown, newer: unknown): unknown {
  const earlier = older as Partial<AnswersPayload>;
  if (earlier.final !== true) return newer;
  const later = newer as AnswersPayload;
  const finalReason = later.finalReason ?? earlier.finalReason;
  return { ...later, final: true, ...(finalReason ? { finalReason } : {}) };
}
