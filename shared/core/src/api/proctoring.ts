import type { Signals, TimelineEventView } from './record-schemas.ts';
import {
  MAX_LISTED_PASTES,
  MAX_LISTED_SWITCH_TIMES,
  type ProctoringRecord,
  type QuestionProctoring,
} from './schemas.ts';

/**
 * Pure helpers for the proctoring record sent with the answers. They keep it within the limits
 * the server checks, so a candidate who pastes a thousand times never has a save refused.
 */

export type QuestionIndex = 0 | 1 | 2;

const emptyQuestion = (): QuestionProctoring => ({
  pastes: [],
  droppedPastes: 0,
  switches: 0,
  switchTimes: [],
  droppedSwitchTimes: 0,
});

export function emptyProctoring(): ProctoringRecord {
  return {
    tabSwitches: 0,
    perQuestion: [emptyQuestion(), emptyQuestion(), emptyQuestion()],
    listSwitchTimes: [],
    droppedListSwitchTimes: 0,
  };
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

/** A time added to a capped list, or counted as dropped once the list is full. */
function listed(times: number[] | undefined, dropped: number | undefined, at: number) {
  const list = times ?? [];
  return list.length < MAX_LISTED_SWITCH_TIMES
    ? { times: [...list, at], dropped: dropped ?? 0 }
    : { times: list, dropped: (dropped ?? 0) + 1 };
}

/**
 * A tab or window switch; `index` is the open question, or null on the question list. With `at`
 * (ms since the epoch) its time is listed too, for the reviewer's timeline.
 */
export function withSwitch(record: ProctoringRecord, index: QuestionIndex | null, at?: number): ProctoringRecord {
  const tabSwitches = record.tabSwitches + 1;
  if (index === null) {
    if (at === undefined) return { ...record, tabSwitches };
    const { times, dropped } = listed(record.listSwitchTimes, record.droppedListSwitchTimes, at);
    return { ...record, tabSwitches, listSwitchTimes: times, droppedListSwitchTimes: dropped };
  }
  return {
    ...record,
    tabSwitches,
    perQuestion: updateQuestion(record, index, (question) => {
      const switches = question.switches + 1;
      if (at === undefined) return { ...question, switches };
      const { times, dropped } = listed(question.switchTimes, question.droppedSwitchTimes, at);
      return { ...question, switches, switchTimes: times, droppedSwitchTimes: dropped };
    }),
  };
}

/**
 * Every listed switch and paste in time order, as the reviewer's timeline and the candidate's
 * "recorded so far" list show them. Signals only counted (past the list limits) have no time and
 * are not on it; `proctoringSignals` counts them.
 */
export function proctoringTimeline(record: ProctoringRecord): TimelineEventView[] {
  const events: TimelineEventView[] = (record.listSwitchTimes ?? []).map((at) => ({
    at,
    kind: 'tab-switch',
    question: null,
  }));
  record.perQuestion.forEach((entry, index) => {
    const question = (index + 1) as 1 | 2 | 3;
    for (const at of entry.switchTimes ?? []) events.push({ at, kind: 'tab-switch', question });
    for (const paste of entry.pastes) events.push({ at: paste.at, kind: 'paste', question, chars: paste.chars });
  });
  return events.sort((a, b) => a.at - b.at);
}

/** What the candidate list shows of a record: every switch and every paste, listed or only counted. */
export function proctoringSignals(record: ProctoringRecord): Signals {
  const pastes = record.perQuestion.reduce(
    (sum, question) => sum + question.pastes.length + (question.droppedPastes ?? 0),
    0,
  );
  return { tabSwitches: record.tabSwitches, pastes };
}
