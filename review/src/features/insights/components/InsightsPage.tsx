import type { ReviewTest } from '@assessment/core';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { fetchInsights } from '../api/insights-api.ts';
import type { Period } from '../lib/period.ts';
import { InsightsView } from './InsightsView.tsx';
import { PeriodForm } from './PeriodForm.tsx';
import './insights.css';

/**
 * The company's pipeline for one test or all of them over a period (issue 57): counts, times and
 * the team's ratings, never a candidate. The server hides every count under 5 and every figure of
 * fewer than 5 candidates; they read "fewer than 5".
 */
export function InsightsPage({
  tests,
  test,
  period,
  onShow,
}: {
  tests: readonly ReviewTest[];
  /** Null for all of the company's tests. */
  test: ReviewTest | null;
  period: Period;
  onShow: (testId: string | null, period: Period) => void;
}) {
  const testId = test?.testId ?? null;
  const insights = useResource(`insights:${testId}:${period.from}:${period.to}`, (signal) =>
    fetchInsights(testId, period, signal),
  );
  const scope = test ? test.roleName : 'all your tests';
  return (
    <>
      <PageHeading title={`Insights: ${scope}`} />
      <p>
        How candidates move through {test ? 'this test' : 'your tests'}, how long they take, and how your team rates
        them, counted together and never one by one. A count under 5, and any figure of fewer than 5 candidates, reads
        "fewer than 5", so that no choice of test and days singles anyone out. Every chart has its figures in a table
        beside it, and as a CSV file.
      </p>
      <PeriodForm tests={tests} testId={testId} period={period} onShow={onShow} />
      <p role="status" className="status-line">
        {insights.loading ? 'Counting…' : insights.data ? `From ${period.from} to ${period.to} (UTC).` : ''}
      </p>
      {insights.error && <LoadProblem message={insights.error} onRetry={insights.reload} />}
      {insights.data && (
        <InsightsView
          insights={insights.data}
          fileName={`insights-${testId ?? 'all-tests'}-${period.from}-${period.to}`}
        />
      )}
    </>
  );
}
