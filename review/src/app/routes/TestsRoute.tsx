import { Link } from 'react-router-dom';
import { useSignedIn } from '../../api/session.tsx';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { TestList } from '../../features/tests/components/TestList.tsx';
import { useTests } from '../../features/tests/hooks/useTests.ts';

/** The home page: the company's tests. The company's settings have pages of their own (`/settings`). */
export function TestsRoute() {
  const { me } = useSignedIn();
  const tests = useTests();
  return (
    <>
      <PageHeading title="Your tests" />
      <p>
        {me.company.companyName}'s tests. Open one to see its candidates, invite candidates, or download the results.
        See <Link to="/insights">Insights</Link> for the pipeline of all of them.
      </p>
      {tests.error && <LoadProblem message={tests.error} onRetry={tests.reload} />}
      {tests.data ? <TestList tests={tests.data.tests} /> : !tests.error && <p className="muted">Loading tests…</p>}
      <p>
        Your team, two-factor sign-in, stage reasons, emails and webhooks, Greenhouse, reminders, data retention and the
        access log are in <Link to="/settings">Settings</Link>.
      </p>
    </>
  );
}
