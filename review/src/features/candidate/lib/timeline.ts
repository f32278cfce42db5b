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
  /** Minutes and seconds since the candidate agreed and the quiz began, on the same (browser) clock. */
  sinceStart: string | null;
  event: string;
  question: string;
}

/** The proctoring events in time order, each with what happened, on which question and when. */
export function timelineRows(events: readonly TimelineEvent[], startTime: number | null): TimelineRow[] {
  return [...events]
    .sort((a, b) => a.at - b.at)
    .map((event, index) => ({
      key: `${event.at}-${event.kind}-${index}`,
      at: event.at,
      sinceStart: startTime === null ? null : formatElapsed(event.at, startTime),
      event: eventLabel(event),
      question: questionLabel(event.question),
    }));
}

/** How many counted signals the capped lists leave without a time, so the page can say so. */
export function unlistedSignals(signals: CandidateDetail['signals'], events: readonly TimelineEvent[]): number {
  return Math.max(0, signals.tabSwitches + signals.pastes - events.length);
}
