import type { CandidateDetail } from '@assessment/core';
import { formatElapsed } from '../../../lib/time.ts';

export type TimelineEvent = CandidateDetail['timeline'][number];

export function questionLabel(question: number | null): string {
  return question === null ? 'No question open (list or instructions)' : `Question ${question}`;
}

export function eventLabel(event: TimelineEvent): string {
  if (event.kind === 'tab-switch') return 'Left the page (tab or window switch)';
  const chars = event.chars ?? 0;
  return `Pasted ${chars} ${chars === 1 ? 'character' : 'characters'}`;
}

export interface TimelineRow {
  key: string;
  at: number;
  /** Minutes and seconds since the candidate pressed Start the quiz, on the same (browser) clock; null when that is not known. */
  sinceStart: string | null;
  event: string;
  question: string;
}

/**
 * Where "Into the quiz" counts from: the start the quiz page sent in the record the event times are
 * in, on the same clock. Never the agree on the form (`registration.startTime`), which comes before
 * the instructions, nor the server's `quizStartedAt`, which is another clock: null without it.
 */
export function quizStartOf(candidate: Pick<CandidateDetail, 'proctoring'>): number | null {
  return candidate.proctoring?.startedAt ?? null;
}

/** The proctoring events in time order, each with what happened, on which question and when. */
export function timelineRows(events: readonly TimelineEvent[], quizStartedAt: number | null): TimelineRow[] {
  return [...events]
    .sort((a, b) => a.at - b.at)
    .map((event, index) => ({
      key: `${event.at}-${event.kind}-${index}`,
      at: event.at,
      sinceStart: quizStartedAt === null ? null : formatElapsed(event.at, quizStartedAt),
      event: eventLabel(event),
      question: questionLabel(event.question),
    }));
}

/** How many counted signals the capped lists leave without a time, so the page can say so. */
export function unlistedSignals(signals: CandidateDetail['signals'], events: readonly TimelineEvent[]): number {
  return Math.max(0, signals.tabSwitches + signals.pastes - events.length);
}
