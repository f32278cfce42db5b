import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { InsightsPage } from '../../features/insights/components/InsightsPage.tsx';
import { type Period, periodOf } from '../../features/insights/lib/period.ts';
import { useTests } from '../../features/tests/hooks/useTests.ts';
import { NotFoundRoute } from './NotFoundRoute.tsx';

/** The address of the Insights of one test, or of all (no test id), over a period. */
export function insightsPath(testId: string | null, period?: Period): string {
  const base = testId ? `/tests/${encodeURIComponent(testId)}/insights` : '/insights';
  return period ? `${base}?${new URLSearchParams({ from: period.from, to: period.to })}` : base;
}

/**
 * `/insights` and `/tests/:testId/insights`: loaded as a chunk of its own (`App.tsx`), with the
 * charting library, only when a reviewer opens it. The period is in the address, so a look can be
 * bookmarked and the browser's Back goes to the period before.
 */
export default function InsightsRoute() {
  const { testId = null } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tests = useTests();
  if (tests.error) {
    return (
      <>
        <PageHeading title="Insights" />
        <LoadProblem message={tests.error} onRetry={tests.reload} />
      </>
    );
  }
  if (!tests.data) return <p className="muted">Loading…</p>;
  const test = testId === null ? null : tests.data.tests.find((candidate) => candidate.testId === testId);
  if (test === undefined) return <NotFoundRoute what="test" />;
  return (
    <InsightsPage
      tests={tests.data.tests}
      test={test}
      period={periodOf(search, Date.now())}
      onShow={(chosen, period) => navigate(insightsPath(chosen, period))}
    />
  );
}
