import { type Decisions, STAGE_CHANGED_MEANWHILE, STAGE_NAMES } from '@assessment/core';
import { iso } from '../admin/time.ts';
import { HttpError } from '../http/errors.ts';
import type { DecisionStore } from '../storage/decisions/decision-store.ts';

/** How a reviewer is named on the team's record: as they were when they acted. */
export const actorName = (reviewer: { name: string; email: string }) => `${reviewer.name} (${reviewer.email})`;

/** A candidate's stage, its history and the team's notes, as the review page reads them. */
export async function decisionsView(decisions: DecisionStore, sessionId: string): Promise<Decisions> {
  const { stage, history, notes } = await decisions.decisions(sessionId);
  return {
    stage,
    history: history.map((change) => ({
      from: change.from,
      to: change.to,
      reason: change.reason,
      by: change.actor,
      at: iso(change.at) as string,
    })),
    notes: notes.map((note) => ({ noteId: note.noteId, body: note.body, by: note.actor, at: iso(note.at) as string })),
  };
}

/**
 * The company's stage reason that `given` names (compared without case, as the list keeps each
 * once), as the list writes it; 400 for a reason not on it, which says what is.
 */
export async function listedStageReason(decisions: DecisionStore, companyId: string, given: string): Promise<string> {
  const reasons = await decisions.stageReasons(companyId);
  const listed = reasons.find((reason) => reason.toLowerCase() === given.toLowerCase());
  if (listed) return listed;
  throw new HttpError(
    400,
    reasons.length === 0
      ? 'Your company has no stage reasons yet: an admin lists them on the tests page, or leave the reason out'
      : `Choose the reason from your company's list: ${reasons.join('; ')}`,
  );
}

/**
 * The refusal of a stage change made from a stage the candidate has left (409): nothing was saved.
 * It says where they are now and, where the history has it, who put them there and when; the
 * answer carries the candidate as they stand (`current`), for the page to show.
 */
export function stageMovedMeanwhile(current: Decisions): HttpError {
  const last = current.history.at(-1);
  const by = last ? `, by ${last.by} at ${last.at}` : '';
  return new HttpError(
    409,
    `The stage changed meanwhile: the candidate is at ${STAGE_NAMES[current.stage]} now${by}. Nothing was saved; to change it, send again from "${current.stage}".`,
    { code: STAGE_CHANGED_MEANWHILE, ...current },
  );
}
