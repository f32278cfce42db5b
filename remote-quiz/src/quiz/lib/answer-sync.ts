import { type FinalReason, type ProctoringRecord, wireSessionRef } from '@assessment/core';
import type { AnswersDraft } from '@assessment/react';
import { threeAnswers } from './quiz-progress.ts';

export interface AnswerSnapshot {
  sessionId: string | null;
  answers: readonly string[];
  proctoring: ProctoringRecord;
}

export interface AnswerSync {
  /** Answers or the proctoring record changed since the last send. */
  markChanged(): void;
  /** The regular autosave to the API: sends only when something changed. */
  sendIfChanged(): void;
  /** Complete or time up: sends the answers as final, changed or not, with which of the two it was. */
  submit(reason: FinalReason): void;
}

/**
 * Decides when the answers go to the API. The outbox (`saveAnswers`) keeps each send until the
 * server has it and keeps only the newest waiting one, so sending is cheap and never blocks.
 */
export function createAnswerSync(
  testId: string,
  read: () => AnswerSnapshot,
  save: (draft: AnswersDraft) => void,
): AnswerSync {
  let changed = false;

  function send(finalReason: FinalReason | null): void {
    const { sessionId, answers, proctoring } = read();
    if (!sessionId) return;
    changed = false;
    save({
      ...wireSessionRef({ sessionId, testId }),
      answers: threeAnswers(answers),
      proctoring,
      final: finalReason !== null,
      ...(finalReason === null ? {} : { finalReason }),
    });
  }

  return {
    markChanged() {
      changed = true;
    },
    sendIfChanged() {
      if (changed) send(null);
    },
    submit(reason) {
      send(reason);
    },
  };
}
