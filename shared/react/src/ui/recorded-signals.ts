import type { Signals, TimelineEventView } from '@assessment/core';

/** One recorded signal as a row the candidate reads: when, what, and on which question. */
export interface SignalRow {
  key: string;
  /** The date, the local time to the second, and the time zone (`dateTimeWithZone`). */
  time: string;
  /** ISO time, for `<time dateTime>`. */
  isoTime: string;
  what: string;
  question: string;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/**
 * A time as the candidate reads it, in their browser's language: the date, the time to the
 * second and their time zone, so a time read on another day or sent to someone else stays clear.
 */
export function dateTimeWithZone(at: number): string {
  return DATE_TIME.format(at);
}

export function signalRows(events: readonly TimelineEventView[]): SignalRow[] {
  return events.map((event, index) => ({
    key: `${event.at}-${event.kind}-${index}`,
    time: dateTimeWithZone(event.at),
    isoTime: new Date(event.at).toISOString(),
    what:
      event.kind === 'tab-switch'
        ? 'Tab or window switch'
        : `Paste of ${event.chars ?? 0} character${event.chars === 1 ? '' : 's'}`,
    question: event.question === null ? 'No question open' : `Question ${event.question}`,
  }));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `2 tab or window switches and 1 paste`, counting every signal, listed or not. */
export function signalCounts(signals: Signals): string {
  return `${plural(signals.tabSwitches, 'tab or window switch', 'tab or window switches')} and ${plural(signals.pastes, 'paste', 'pastes')}`;
}

/**
 * Signals counted but not listed with a time: past the list's limit, or recorded by a version of
 * the quiz that kept no times. Null when every signal is listed.
 */
export function unlistedSignals(signals: Signals, events: readonly TimelineEventView[]): string | null {
  const switches = signals.tabSwitches - events.filter((event) => event.kind === 'tab-switch').length;
  const pastes = signals.pastes - events.filter((event) => event.kind === 'paste').length;
  if (switches <= 0 && pastes <= 0) return null;
  const parts = [
    switches > 0 ? plural(switches, 'more tab or window switch', 'more tab or window switches') : '',
    pastes > 0 ? plural(pastes, 'more paste', 'more pastes') : '',
  ].filter(Boolean);
  return `${parts.join(' and ')} ${switches + pastes === 1 ? 'is' : 'are'} counted without a time.`;
}
