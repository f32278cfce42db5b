import type { CandidateDetail } from '@assessment/core';
import { formatClockTime, isoOf } from '../../../lib/time.ts';
import { timelineRows, unlistedSignals } from '../lib/timeline.ts';

/**
 * Tab switches and pastes, counted and then listed in time order with the question that was open.
 * They are shown as what they are: signals for a person to look at, never a verdict.
 */
export function ProctoringTimeline({
  signals,
  timeline,
  sectionTroubles,
  quizStartedAt,
}: {
  signals: CandidateDetail['signals'];
  timeline: CandidateDetail['timeline'];
  /** Sections that failed in front of the candidate: listed among the events, as time lost to the product. */
  sectionTroubles: CandidateDetail['sectionTroubles'];
  /** When the candidate pressed Start the quiz, on their computer's clock; null when their page did not send it. */
  quizStartedAt: number | null;
}) {
  const totals = { ...signals, unlisted: unlistedSignals(signals, timeline) };
  const rows = timelineRows(timeline, quizStartedAt, sectionTroubles);
  return (
    <div className="proctoring">
      <p className="signals-note">
        These are signals that need a human look, not proof: leaving the page may be reading the instructions again, and
        a paste may be the candidate's own notes. Read them beside the answers.
      </p>
      <p>
        <strong>{totals.tabSwitches}</strong> tab or window {totals.tabSwitches === 1 ? 'switch' : 'switches'},{' '}
        <strong>{totals.pastes}</strong> {totals.pastes === 1 ? 'paste' : 'pastes'} during the quiz.
      </p>
      {sectionTroubles.length > 0 && (
        <p className="notice">
          A section failed in front of this candidate{' '}
          {sectionTroubles.length === 1 ? 'once' : `${sectionTroubles.length} times`}: the time it cost them is listed
          below, and is the product's, not theirs.
        </p>
      )}
      {rows.length > 0 ? (
        <table className="data-table">
          <caption className="visually-hidden">Proctoring timeline, in time order</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Into the quiz (min:s)</th>
              <th scope="col">What happened</th>
              <th scope="col">Question</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>
                  <time dateTime={isoOf(row.at)}>{formatClockTime(row.at)}</time>
                </td>
                <td>{row.sinceStart ?? '—'}</td>
                <td>{row.event}</td>
                <td>{row.question}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nothing was recorded.</p>
      )}
      {totals.unlisted > 0 && (
        <p className="muted">
          {totals.unlisted} more {totals.unlisted === 1 ? 'event was' : 'events were'} counted but not listed with a
          time (the list per question is capped).
        </p>
      )}
      {rows.length > 0 && quizStartedAt === null && (
        <p className="muted">
          No time into the quiz is shown: this candidate's quiz page did not send when they pressed Start the quiz.
          Counting from when they agreed on the form would add the time they spent reading the instructions.
        </p>
      )}
      <p className="muted">Times are from the candidate's computer clock.</p>
    </div>
  );
}
