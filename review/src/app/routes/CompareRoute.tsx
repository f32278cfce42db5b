import { Link, useLocation, useParams } from 'react-router-dom';
import { useSignedIn } from '../../api/session.tsx';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { CandidateComparison } from '../../features/comparison/components/CandidateComparison.tsx';
import { comparedFromSearch } from '../../features/comparison/lib/compare-selection.ts';
import { useResource } from '../../hooks/useResource.ts';

/**
 * 2 to 4 candidates of one test side by side, as chosen in its list. Each is loaded as its own
 * page loads it, so each look is in the access log as an opening of that candidate, and its
 * ratings as the server gives them to this reviewer: the team's only where they rated too.
 */
export function CompareRoute() {
  const { testId = '' } = useParams();
  const chosen = comparedFromSearch(useLocation().search);
  const ids = 'ids' in chosen ? chosen.ids : [];
  const { calls } = useSignedIn();
  const candidates = useResource(`compare:${ids.join(',')}`, (signal) =>
    Promise.all(
      ids.map(async (sessionId) => {
        const [detail, ratings] = await Promise.all([
          calls.candidate(sessionId, signal),
          calls.ratings(sessionId, signal),
        ]);
        return { detail, ratings };
      }),
    ),
  );
  const back = (
    <p>
      <Link to={`/tests/${encodeURIComponent(testId)}`}>Back to the candidates</Link>
    </p>
  );
  if ('problem' in chosen) {
    return (
      <>
        <PageHeading title="Compare candidates" />
        <p role="alert">{chosen.problem}</p>
        {back}
      </>
    );
  }
  const others = candidates.data?.filter(({ detail }) => detail.testId !== testId) ?? [];
  return (
    <>
      <PageHeading title="Compare candidates" />
      {back}
      {candidates.error && <LoadProblem message={candidates.error} onRetry={candidates.reload} />}
      {!candidates.data && !candidates.error && <p className="muted">Loading the candidates…</p>}
      {others.length > 0 && <p role="alert">Only candidates of one test can be compared.</p>}
      {candidates.data && others.length === 0 && <CandidateComparison candidates={candidates.data} />}
    </>
  );
}
