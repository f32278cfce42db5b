import {
  type CompanySettings,
  type Decisions,
  SHOWN_STAGE_NAMES,
  STAGE_CHANGED_MEANWHILE,
  STAGE_REASONS_CHANGED_MEANWHILE,
} from '@assessment/core';
import { iso } from '../admin/time.ts';
import { HttpError } from '../http/errors.ts';
import type { DecisionStore, StoredStageReasons } from '../storage/decisions/decision-store.ts';
import { shownStage } from './judgement.ts';

/** How a reviewer is named on the team's record: as they were when they acted. */
export const actorName = (reviewer: { name: string; email: string }) => `${reviewer.name} (${reviewer.email})`;

/** Who reads a candidate's decisions, and whether the team's judgement is withheld from them (`judgement.ts`). */
export interface DecisionsReader {
  reviewerId: string;
  withheld: boolean;
}

/**
 * A candidate's stage, its history and the team's notes, as the review page reads them; while the
 * team's judgement is withheld from the reader, only what they did themselves, and a teammate's
 * Advance or Decline as `moved-on` (`shownStage`).
 */
export async function decisionsView(
  decisions: DecisionStore,
  sessionId: string,
  reader: DecisionsReader,
): Promise<Decisions> {
  const { stage, history, notes } = await decisions.decisions(sessionId);
  const theirs = <T extends { reviewerId: string | null }>(rows: T[]) =>
    reader.withheld ? rows.filter((row) => row.reviewerId === reader.reviewerId) : rows;
  return {
    stage: shownStage(stage, history, reader),
    history: theirs(history).map((change) => ({
      from: change.from,
      to: change.to,
      reason: change.reason,
      by: change.actor,
      at: iso(change.at) as string,
    })),
    notes: theirs(notes).map((note) => ({
      noteId: note.noteId,
      body: note.body,
      by: note.actor,
      at: iso(note.at) as string,
    })),
    withheld: reader.withheld,
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
 * It says where they are now and, where the history the reader is shown has it, who put them there
 * and when; the answer carries the candidate as the reader is shown them (`current`), for the page
 * to show. A candidate shown as moved on is not to be moved by a reader who is not shown where or
 * why: they are told to rate first.
 */
export function stageMovedMeanwhile(current: Decisions): HttpError {
  if (current.stage === 'moved-on') {
    return new HttpError(
      409,
      'A teammate has moved this candidate on. Nothing was saved; rate the candidate to see where they stand and why, then change the stage if you still mean to.',
      { code: STAGE_CHANGED_MEANWHILE, ...current },
    );
  }
  // Withheld, the history is the reader's own changes only: its last is not who moved the candidate.
  const last = current.withheld ? undefined : current.history.at(-1);
  const by = last ? `, by ${last.by} at ${last.at}` : '';
  return new HttpError(
    409,
    `The stage changed meanwhile: the candidate is at ${SHOWN_STAGE_NAMES[current.stage]} now${by}. Nothing was saved; to change it, send again from "${current.stage}".`,
    { code: STAGE_CHANGED_MEANWHILE, ...current },
  );
}

/** The company's stage reasons as its settings give them: the list, its version, who saved it when. */
export const stageReasonsView = ({ reasons, version, saved }: StoredStageReasons) => ({
  stageReasons: reasons,
  stageReasonsVersion: version,
  stageReasonsSaved: saved && { by: saved.actor, at: iso(saved.at) as string },
});

/**
 * The refusal of a stage reasons save edited from a version that is no longer the list's (409):
 * nothing in the request was saved. It says who saved the list now held, and when, and the version
 * to send; the answer carries the company's settings as they stand (`current`), for the page to show.
 */
export function stageReasonsChangedMeanwhile(current: CompanySettings, editedVersion: number): HttpError {
  const { stageReasonsVersion: version, stageReasonsSaved: saved } = current;
  const what = saved
    ? `The stage reasons changed meanwhile: ${saved.by} saved version ${version} at ${saved.at}, and you edited version ${editedVersion}.`
    : `The stage reasons have no version ${editedVersion}: no list has been saved yet (version 0).`;
  return new HttpError(
    409,
    `${what} Nothing was saved; read the list, then send your changes again with stageReasonsVersion ${version}.`,
    { code: STAGE_REASONS_CHANGED_MEANWHILE, ...current },
  );
}
