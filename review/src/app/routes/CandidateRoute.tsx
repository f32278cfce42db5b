import { useParams } from 'react-router-dom';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { CandidateDetails } from '../../features/candidate/components/CandidateDetails.tsx';
import { useCandidate } from '../../features/candidate/hooks/useCandidate.ts';
import { NotFoundRoute } from './NotFoundRoute.tsx';

export function CandidateRoute() {
  const { sessionId = '' } = useParams();
  const candidate = useCandidate(sessionId);
  if (candidate.notFound) return <NotFoundRoute what="candidate" />;
  if (candidate.data) {
    return (
      <CandidateDetails
        key={sessionId}
        candidate={candidate.data}
        onChanged={(changed) => candidate.update(() => changed)}
        onRated={candidate.reload}
      />
    );
  }
  if (candidate.error) {
    // The view still names itself (its h1 and the tab), as one that loaded would, above the problem.
    return (
      <>
        <PageHeading title="Candidate" />
        <LoadProblem message={candidate.error} onRetry={candidate.reload} />
      </>
    );
  }
  return <p className="muted">Loading the candidate…</p>;
}
