import type { CandidateDetail } from '@assessment/core';
import { formatClockTime, formatElapsed, type TimeFormat } from '../../../lib/time.ts';

export type TimelineEvent = CandidateDetail['timeline'][number];
export type SectionTrouble = CandidateDetail['sectionTroubles'][number];

const TROUBLE_WORDS: Record<SectionTrouble['kind'], string> = {
  unreachable: 'could not be loaded (the connection to it failed)',
  contract: 'was being updated and could not be shown',
  crashed: 'stopped working',
};

/** A section that failed in front of the candidate: what happened, and for how long. */
export function troubleLabel(trouble: SectionTrouble, format: TimeFormat = {}): string {
  const what = `${trouble.sectionTitle} ${TROUBLE_WORDS[trouble.kind]}`;
  if (trouble.endedAt === null) return `${what}; it was not shown again after this, as far as the server heard.`;
  const lost = formatElapsed(trouble.endedAt, trouble.startedAt);
  return `${what} until ${formatClockTime(trouble.endedAt, format)}: ${lost} (min:s) lost to the product, not to the candidate.`;
}

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

/**
 * The proctoring events and the sections that failed in front of the candidate, in time order,
 * each with what happened, on which question and when. Both are on the candidate's clock.
 */
export function timelineRows(
  events: readonly TimelineEvent[],
  quizStartedAt: number | null,
  troubles: readonly SectionTrouble[] = [],
  format: TimeFormat = {},
): TimelineRow[] {
  const rows = [
    ...events.map((event) => ({
      at: event.at,
      kind: event.kind,
      event: eventLabel(event),
      question: questionLabel(event.question),
    })),
    ...troubles.map((trouble) => ({
      at: trouble.startedAt,
      kind: 'trouble',
      event: troubleLabel(trouble, format),
      question: '—',
    })),
  ];
  return rows
    .sort((a, b) => a.at - b.at)
    .map(({ at, kind, event, question }, index) => ({
      key: `${at}-${kind}-${index}`,
      at,
      sinceStart: quizStartedAt === null ? null : formatElapsed(at, quizStartedAt),
      event,
      question,
    }));
}

/** How many counted signals the capped lists leave without a time, so the page can say so. */
export function unlistedSignals(signals: CandidateDetail['signals'], events: readonly TimelineEvent[]): number {
  return Math.max(0, signals.tabSwitches + signals.pastes - events.length);
}
