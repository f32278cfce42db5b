import { type GenderReportMonth, MONTH_COUNTED_WITHIN_DAYS } from '@assessment/core';
import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { formatDateTime, formatMonth, isoOf } from '../../../lib/time.ts';
import { HIDDEN, MonthCounts } from './MonthCounts.tsx';

function ReportMonth({ month }: { month: GenderReportMonth }) {
  const id = useId();
  const name = formatMonth(month.month);
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Registered in {name}</h3>
      {month.counted ? (
        <>
          <p>
            Counted on <time dateTime={isoOf(month.countedAt)}>{formatDateTime(month.countedAt)}</time>. These counts
            stay as they were then.
          </p>
          <MonthCounts counts={month} caption={`Candidates by gender, registered in ${name}`} />
        </>
      ) : (
        <p>
          Not counted yet. This month is counted once it has ended and each of its candidates has a decision, or on{' '}
          <time dateTime={isoOf(month.countedBy)}>{formatDateTime(month.countedBy)}</time> at the latest.
        </p>
      )}
    </section>
  );
}

/**
 * The test's candidates counted by their answer to the optional gender question, and never one by
 * one (SPEC section 0): by the month they registered in, each month counted once and then left as
 * it was (`api/src/privacy/gender-report.ts`). The server hides every count under 5, every count
 * that would give one away by subtraction, and every count that leaves fewer than 5 in the rest of
 * its column; those read "hidden". The four-fifths ratio is an indicator for a human look at how
 * candidates are advanced, not a finding.
 */
export function GenderReport({ testId }: { testId: string }) {
  const { calls } = useSignedIn();
  const id = useId();
  const report = useResource(`gender-report:${testId}`, (signal) => calls.genderReport(testId, signal));
  return (
    <section className="panel gender-report" aria-labelledby={`${id}-title`} aria-busy={report.loading}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        Candidates by gender, counted together
      </h2>
      <p>
        No candidate's answer is ever shown, and it plays no part in any decision. These counts help you see whether
        candidates of one group stop, or are advanced, less often than others. A count under 5, one that would give such
        a count away, or one that leaves fewer than 5 candidates in the other groups of its column (and so would tell
        nearly each of them their group) reads "{HIDDEN}". The ratio compares each group's advance rate with the
        highest: under four fifths (0.80) is a reason to look at how candidates are decided, not proof of bias.
      </p>
      <p>
        Candidates are counted by the month they registered in. A month is counted once it has ended and each of its
        candidates has a decision, or {MONTH_COUNTED_WITHIN_DAYS} days after it ended, and its counts never change after
        that: counts that moved with each decision would tell you, from what changed, the group of the candidate you had
        just moved.
      </p>
      {report.error && <LoadProblem message={report.error} onRetry={report.reload} />}
      {report.data?.months.length === 0 && <p>No candidate has registered for this test yet.</p>}
      {report.data?.months.map((month) => (
        <ReportMonth key={month.month} month={month} />
      ))}
    </section>
  );
}
