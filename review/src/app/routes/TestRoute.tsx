import type { ReviewTest } from '@assessment/core';
import { Link, NavLink, useLocation, useParams } from 'react-router-dom';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { CandidateList } from '../../features/candidates/components/CandidateList.tsx';
import { InvitationList } from '../../features/invitations/components/InvitationList.tsx';
import { GenderReport } from '../../features/privacy/components/GenderReport.tsx';
import { RubricPanel } from '../../features/ratings/components/RubricPanel.tsx';
import { BlindReviewSetting } from '../../features/tests/components/BlindReviewSetting.tsx';
import { CsvDownloadLink } from '../../features/tests/components/CsvDownloadLink.tsx';
import { OpenLinkSetting } from '../../features/tests/components/OpenLinkSetting.tsx';
import { useTests } from '../../features/tests/hooks/useTests.ts';
import { NotFoundRoute } from './NotFoundRoute.tsx';

/**
 * One test: what it is, then its views, each at an address of its own and reached from right under
 * the heading: its candidates (with the download and the gender report), its invitations, and its
 * settings.
 */
export function TestRoute({ tab }: { tab: 'candidates' | 'invitations' | 'settings' }) {
  const { testId = '' } = useParams();
  // What the page that sent the reviewer here did (a candidate erased).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const tests = useTests();
  if (tests.error) {
    // The view still names itself (its h1 and the tab), as one that loaded would, above the problem.
    return (
      <>
        <PageHeading title="Test" />
        <LoadProblem message={tests.error} onRetry={tests.reload} />
      </>
    );
  }
  if (!tests.data) return <p className="muted">Loading the test…</p>;
  const test = tests.data.tests.find((candidate) => candidate.testId === testId);
  if (!test) return <NotFoundRoute what="test" />;
  const base = `/tests/${test.testId}`;
  const saved = (changed: ReviewTest) =>
    tests.update((data) => ({ tests: data.tests.map((item) => (item.testId === changed.testId ? changed : item)) }));
  return (
    <>
      <PageHeading title={test.roleName} />
      {notice && <p role="status">{notice}</p>}
      <p className="test-facts">
        Test <code>{test.testId}</code> · {test.questionCount} questions · {test.timeLimitInMinute} min quiz ·{' '}
        {test.counts.invited} invited, {test.counts.started} started
        {test.counts.sentNothing > 0 &&
          ` (${test.counts.sentNothing} of them sent nothing since, listed only when asked for)`}
        , {test.counts.finished} finished · <Link to={`${base}/insights`}>Insights</Link>
      </p>
      <nav className="tabs" aria-label="Test views">
        <NavLink to={base} end>
          Candidates
        </NavLink>
        <NavLink to={`${base}/invitations`}>Invitations</NavLink>
        <NavLink to={`${base}/settings`}>Test settings</NavLink>
      </nav>
      {tab === 'candidates' && (
        <>
          <CandidateList testId={test.testId} blind={test.blindReview} />
          <section className="panel" aria-labelledby="download-title">
            <h2 id="download-title">Results</h2>
            <p>The candidates of this test in one CSV file, for a spreadsheet.</p>
            <CsvDownloadLink testId={test.testId} />
          </section>
          <GenderReport testId={test.testId} />
        </>
      )}
      {tab === 'invitations' && <InvitationList testId={test.testId} timeLimitInMinute={test.timeLimitInMinute} />}
      {tab === 'settings' && (
        <>
          <div className="test-tools">
            <OpenLinkSetting test={test} onChange={saved} />
            <BlindReviewSetting test={test} onChange={saved} />
          </div>
          <RubricPanel testId={test.testId} questionCount={test.questionCount} />
        </>
      )}
    </>
  );
}
