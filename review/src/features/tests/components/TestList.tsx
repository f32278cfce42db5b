import type { ReviewTest } from '@assessment/core';
import { Link } from 'react-router-dom';

/** The company's tests with how many candidates were invited, started and finished. */
export function TestList({ tests }: { tests: ReviewTest[] }) {
  if (tests.length === 0) return <p>Your company has no tests yet.</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">Your company's tests</caption>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Test id</th>
          <th scope="col">Quiz time</th>
          <th scope="col">Open link</th>
          <th scope="col" className="number">
            Invited
          </th>
          <th scope="col" className="number">
            Started
          </th>
          <th scope="col" className="number">
            Finished
          </th>
        </tr>
      </thead>
      <tbody>
        {tests.map((test) => (
          <tr key={test.testId}>
            <th scope="row">
              <Link to={`/tests/${test.testId}`}>{test.roleName}</Link>
            </th>
            <td>
              <code>{test.testId}</code>
            </td>
            <td>{test.timeLimitInMinute} min</td>
            <td>{test.openLinkAllowed ? 'Allowed' : 'Invitation only'}</td>
            <td className="number">{test.counts.invited}</td>
            <td className="number">
              {test.counts.started}
              {test.counts.sentNothing > 0 && (
                <span className="cell-detail">{test.counts.sentNothing} sent nothing since</span>
              )}
            </td>
            <td className="number">{test.counts.finished}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
