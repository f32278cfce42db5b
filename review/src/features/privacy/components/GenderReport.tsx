import { CANDIDATE_STAGES, FOUR_FIFTHS, type GenderReportGroup, STAGE_NAMES } from '@assessment/core';
import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';

const HIDDEN = 'hidden';
const count = (value: number | null) => value ?? HIDDEN;
const percent = (rate: number | null) => (rate === null ? 'not shown' : `${Math.round(rate * 100)} %`);

function ImpactRatio({ group }: { group: GenderReportGroup }) {
  if (group.impactRatio === null) return <>not shown</>;
  const ratio = group.impactRatio.toFixed(2);
  return group.impactRatio < FOUR_FIFTHS ? (
    <>
      {ratio} <span className="badge badge-warning">below four fifths: look closer</span>
    </>
  ) : (
    ratio
  );
}

/**
 * The test's candidates counted by their answer to the optional gender question, and never one by
 * one (SPEC section 0). The server hides every count under 5, every count that would give one
 * away by subtraction, and every count that leaves fewer than 5 in the rest of its column (which
 * may itself be 5 or more); those read "hidden". The four-fifths ratio is an indicator for a
 * human look at how candidates are advanced, not a finding.
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
              {CANDIDATE_STAGES.map((stage) => (
                <th key={stage} scope="col" className="number">
                  {STAGE_NAMES[stage]}
                </th>
              ))}
              <th scope="col" className="number">
                Advance rate
              </th>
              <th scope="col">Ratio to the highest rate</th>
            </tr>
          </thead>
          <tbody>
            {report.data.groups.map((group) => (
              <tr key={group.group}>
                <th scope="row">{group.group}</th>
                <td className="number">{count(group.registered)}</td>
                <td className="number">{count(group.finished)}</td>
                {CANDIDATE_STAGES.map((stage) => (
                  <td key={stage} className="number">
                    {count(group.stages[stage])}
                  </td>
                ))}
                <td className="number">{percent(group.advanceRate)}</td>
                <td>
                  <ImpactRatio group={group} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All candidates</th>
              <td className="number">{report.data.total.registered}</td>
              <td className="number">{report.data.total.finished}</td>
              {CANDIDATE_STAGES.map((stage) => (
                <td key={stage} className="number">
                  {report.data?.total.stages[stage]}
                </td>
              ))}
              <td />
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
