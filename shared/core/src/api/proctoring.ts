import { MAX_LISTED_PASTES, type ProctoringRecord, type QuestionProctoring } from './schemas.ts';

/**
 * Pure helpers for the proctoring record sent with the answers. They keep it within the limits
 * the server checks, so a candidate who pastes a thousand times never has a save refused.
 */

export type QuestionIndex = 0 | 1 | 2;

const emptyQuestion = (): QuestionProctoring => ({ pastes: [], droppedPastes: 0, switches: 0 });

export function emptyProctoring(): ProctoringRecord {
  return { tabSwitches: 0, perQuestion: [emptyQuestion(), emptyQuestion(), emptyQuestion()] };
}

function updateQuestion(
  record: ProctoringRecord,
  index: QuestionIndex,
  update: (question: QuestionProctoring) => QuestionProctoring,
): ProctoringRecord['perQuestion'] {
  const [first, second, third] = record.perQuestion;
  return [
    index === 0 ? update(first) : first,
    index === 1 ? update(second) : second,
    index === 2 ? update(third) : third,
  ];
}

export function withPaste(record: ProctoringRecord, index: QuestionIndex, chars: number, at: number): ProctoringRecord {
  return {
    ...record,
    perQuestion: updateQuestion(record, index, (question) =>
      question.pastes.length < MAX_LISTED_PASTES
        ? { ...question, pastes: [...question.pastes, { chars, at }] }
        : { ...question, droppedPastes: (question.droppedPastes ?? 0) + 1 },
    ),
  };
}

/** A tab or window switch; `index` is the open question, or null on the question list. */
export function withSwitch(record: ProctoringRecord, index: QuestionIndex | null): ProctoringRecord {
  return {
    tabSwitches: record.tabSwitches + 1,
    perQuestion:
      index === null
        ? record.perQuestion
        : updateQuestion(record, index, (question) => ({ ...question, switches: question.switches + 1 })),
  };
}
