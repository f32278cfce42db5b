import type { Signals, TimelineEventView } from '@assessment/core';
import { signalRows, unlistedSignals } from './recorded-signals.ts';

interface Props {
  /** The listed signals, in time order. */
  events: readonly TimelineEventView[];
  /** Every signal counted, listed or not. */
  signals: Signals;
  /** Names the table for screen readers. */
  caption: string;
  /** Shown instead of an empty table. */
  emptyText: string;
}

/**
 * The tab switches and pastes recorded, with their question and time, as the hiring company sees
 * them: the quiz's "recorded so far" list and the summary at the end of the assessment.
 */
export function RecordedSignals({ events, signals, caption, emptyText }: Props) {
  const rows = signalRows(events);
  const unlisted = unlistedSignals(signals, events);
  return (
    <>
      {rows.length === 0 ? (
        <p className="recorded-signals-empty">{emptyText}</p>
      ) : (
        <table className="recorded-signals">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">What was recorded</th>
              <th scope="col">Question</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>
                  <time dateTime={row.isoTime}>{row.time}</time>
                </td>
                <td>{row.what}</td>
                <td>{row.question}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {unlisted && <p className="recorded-signals-unlisted">{unlisted}</p>}
    </>
  );
}
