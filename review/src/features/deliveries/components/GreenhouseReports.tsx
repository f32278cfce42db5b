import type { PartnerReportView } from '@assessment/core';
import { useId } from 'react';
import { When } from '../../../components/When.tsx';

/**
 * What Greenhouse reported it could not use of the product's answers (its `response_error`),
 * newest first, for the company's admins beside the messages sent: the call, and what was wrong.
 */
export function GreenhouseReports({ reports }: { reports: readonly PartnerReportView[] }) {
  const id = useId();
  if (reports.length === 0) return null;
  return (
    <>
      <h3 id={`${id}-title`}>Reported by Greenhouse</h3>
      <p>Answers of ours that Greenhouse could not use, as it reported them.</p>
      <table className="data-table" aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Call</th>
            <th scope="col">Test</th>
            <th scope="col">What was wrong</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <tr key={report.reportId}>
              <td>
                <When at={report.receivedAt} />
              </td>
              <td>{report.apiCall}</td>
              <td>{[report.partnerTestName, report.partnerInterviewId].filter(Boolean).join(', ') || '—'}</td>
              <td>{report.errors.join('; ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
