import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';

const FEWER_THAN_FIVE = 'fewer than 5';

/**
 * The test's candidates counted by their answer to the optional gender question, and never one by
 * one (SPEC section 0). The server hides every count under 5 and every count that would give one
 * away by subtraction; those read "fewer than 5".
 */
export function GenderReport({ testId }: { testId: string }) {
  const { calls } = useSignedIn();
  const id = useId();
  const report = useResource(`gender-report:${testId}`, (signal) => calls.genderReport(testId, signal));
  return (
    <section className="panel" aria-labelledby={`${id}-title`} aria-busy={report.loading}>
      <h2 id={`${id}-title`}>Candidates by gender, counted together</h2>
      <p>
        No candidate's answer is ever shown, and it plays no part in any decision. These counts help you see whether
        candidates of one group stop more often than others. A count under 5, or one that would give such a count away,
        reads "{FEWER_THAN_FIVE}".
      </p>
      {report.error && <LoadProblem message={report.error} onRetry={report.reload} />}
      {report.data && (
        <table className="data-table">
          <caption className="visually-hidden">Candidates by gender</caption>
          <thead>
            <tr>
              <th scope="col">Gender</th>
              <th scope="col" className="number">
                Registered
              </th>
              <th scope="col" className="number">
                Finished
              </th>
            </tr>
          </thead>
          <tbody>
            {report.data.groups.map((row) => (
              <tr key={row.group}>
                <th scope="row">{row.group}</th>
                <td className="number">{row.registered ?? FEWER_THAN_FIVE}</td>
                <td className="number">{row.finished ?? FEWER_THAN_FIVE}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All candidates</th>
              <td className="number">{report.data.total.registered}</td>
              <td className="number">{report.data.total.finished}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
