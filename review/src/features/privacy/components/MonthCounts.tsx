import {
  CANDIDATE_STAGES,
  type CountedMonth,
  FOUR_FIFTHS,
  type GenderReportGroup,
  STAGE_NAMES,
} from '@assessment/core';

export const HIDDEN = 'hidden';
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

/** One month's candidates by gender, as the month was counted; `caption` names the month. */
export function MonthCounts({ counts, caption }: { counts: CountedMonth; caption: string }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
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
        {counts.groups.map((group) => (
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
          <td className="number">{counts.total.registered}</td>
          <td className="number">{counts.total.finished}</td>
          {CANDIDATE_STAGES.map((stage) => (
            <td key={stage} className="number">
              {counts.total.stages[stage]}
            </td>
          ))}
          <td />
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
