import {
  type CandidateStage,
  SHOWN_STAGE_NAMES,
  type ShownStage,
  STAGE_NAMES,
  type StageEntry,
} from '@assessment/core';
import { formatDateTime, type TimeFormat } from '../../../lib/time.ts';

/**
 * What the stage form says when the server refused a change because the candidate's stage had
 * changed since the page showed it: who moved them where and when (where the history says), that
 * nothing was saved, and what the reviewer can do with the choice still in the form.
 */
export function stageMovedMessage(
  current: { stage: ShownStage; history: readonly StageEntry[]; withheld: boolean },
  chosen: CandidateStage,
  format: TimeFormat = {},
): string {
  if (current.stage === 'moved-on') {
    return 'A teammate moved this candidate on after this page showed them. Nothing was saved: rate the candidate to see where they stand and why, then change the stage if you still mean to.';
  }
  const now = SHOWN_STAGE_NAMES[current.stage];
  // Withheld, the history is the reviewer's own changes only: its last is not who moved the candidate.
  const last = current.withheld ? undefined : current.history.at(-1);
  const moved =
    last?.to === current.stage
      ? `${last.by} changed the stage to ${now} on ${formatDateTime(last.at, format)}, after this page showed it.`
      : `The stage changed to ${now} after this page showed it.`;
  const next =
    chosen === current.stage
      ? 'Nothing was saved: it is already the stage you chose.'
      : `Nothing was saved. Your choice, ${STAGE_NAMES[chosen]}, is still in the form: save again to change it.`;
  return `${moved} ${next}`;
}
