import { AnswersFinalError } from '../errors.ts';
import type { AnswersWrite } from './session-store.ts';

/** The stored answers a save is weighed against: the row both stores keep, as far as the rules need it. */
export interface HeldAnswers {
  /** The answers as stored: JSON text. */
  answers: string;
  revision: number;
  savedAt: number;
  submittedAt: number | null;
}

/**
 * What to do with a save: write it whole (`store`), only mark the held answers submitted, or
 * nothing; and what the candidate's browser is told.
 */
export type AnswersDecision =
  | { write: 'store'; submittedAt: number | null; result: { stored: true; revision: number } }
  | { write: 'mark-submitted' | 'nothing'; result: { stored: false; revision: number } };

/** When a save that is stored counts as submitted: at its arrival if it is the final one. */
export function submittedAtWhenStored(input: AnswersWrite): number | null {
  return input.final ? input.receivedAt : null;
}

/**
 * The rules of an answers save, for both databases, which call this with the row locked (a single
 * writer, or `FOR UPDATE`) and carry out what it decides in the same transaction. Without the lock
 * only "nothing" and a refusal hold: the held answers may have become newer or submitted since,
 * which never turns either into a write.
 *
 * - the highest revision wins, and at an equal revision the later save; an older save arriving late
 *   changes nothing;
 * - a submit overtaken by a newer autosave still means the candidate submitted;
 * - final is final: a repeat of the submit, an old save, or one that changes nothing is answered as
 *   such, and anything that would change submitted answers throws `AnswersFinalError`.
 */
export function decideAnswers(
  held: HeldAnswers | undefined,
  input: AnswersWrite,
  answersJson: string,
): AnswersDecision {
  if (held?.submittedAt != null) {
    if (input.revision > held.revision && answersJson !== held.answers) throw new AnswersFinalError(held.submittedAt);
    return { write: 'nothing', result: { stored: false, revision: held.revision } };
  }
  const newer =
    !held || input.revision > held.revision || (input.revision === held.revision && input.savedAt > held.savedAt);
  if (!held || newer) {
    return {
      write: 'store',
      submittedAt: submittedAtWhenStored(input),
      result: { stored: true, revision: input.revision },
    };
  }
  return { write: input.final ? 'mark-submitted' : 'nothing', result: { stored: false, revision: held.revision } };
}
