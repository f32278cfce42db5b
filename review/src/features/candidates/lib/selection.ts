import type { BulkStageResult, ShownStage } from '@assessment/core';

/** A candidate chosen in the list: whom, as the list named them, and the stage it showed them at. */
export interface Selected {
  sessionId: string;
  name: string;
  stage: ShownStage;
}

/** The chosen candidates after one checkbox changed: added at the end, or taken out. */
export function toggleSelected(chosen: readonly Selected[], row: Selected): Selected[] {
  return chosen.some((one) => one.sessionId === row.sessionId)
    ? chosen.filter((one) => one.sessionId !== row.sessionId)
    : [...chosen, row];
}

/**
 * What a bulk stage change did, in words a reviewer reads: how many moved, and each one left as
 * they were and why. `stageName` names a stage. One a teammate has moved on is left where they are
 * until the reviewer has rated them (`api/src/review/judgement.ts`), which the words say.
 */
export function movedMessage(
  chosen: readonly Selected[],
  { results }: BulkStageResult,
  to: string,
  stageName: (stage: ShownStage) => string,
): string {
  const nameOf = (sessionId: string) => chosen.find((one) => one.sessionId === sessionId)?.name ?? sessionId;
  const moved = results.filter((one) => one.outcome === 'changed').length;
  const parts = [moved === 1 ? `1 candidate moved to ${to}.` : `${moved} candidates moved to ${to}.`];
  for (const one of results) {
    const name = nameOf(one.sessionId);
    if (one.outcome === 'unchanged') parts.push(`${name} was at ${to} already.`);
    if (one.outcome === 'moved-meanwhile' && one.stage === 'moved-on') {
      parts.push(`${name} was not moved: a teammate has moved them on; rate them to see where they stand.`);
    } else if (one.outcome === 'moved-meanwhile' && one.stage) {
      parts.push(`${name} was left at ${stageName(one.stage)}: a teammate moved them after the list showed them.`);
    }
    if (one.outcome === 'not-found') parts.push(`${name} is no longer a candidate of this test.`);
    if (one.outcome === 'refused') parts.push(`${name} was not moved: ${one.problem ?? 'refused'}.`);
  }
  return parts.join(' ');
}

/** Who stays chosen after a bulk change: those it left as they were, at the stage they are at now. */
export function stillChosen(chosen: readonly Selected[], { results }: BulkStageResult): Selected[] {
  return chosen.flatMap((one) => {
    const result = results.find((found) => found.sessionId === one.sessionId);
    if (!result || result.outcome === 'changed' || result.outcome === 'unchanged' || result.stage === null) return [];
    return [{ ...one, stage: result.stage }];
  });
}
