import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';

export function ExpiredPage() {
  usePageTitle('Link Expired');
  // Set by the invitation check when the server said the candidate's data was erased.
  const erased = (useLocation().state as { erased?: boolean } | null)?.erased === true;
  return (
    <main className="centered-page">
      <h1>Link Expired</h1>
      <p>This invitation link is no longer valid. It may have expired or been revoked by the administrator.</p>
      {erased && (
        <p>
          Your data for this assessment has been erased, at your or the hiring company's request or at the end of the
          period the company keeps it. Nothing you submitted with this link is kept.
        </p>
      )}
      <p>Please contact the hiring company's support or request a new invitation link.</p>
    </main>
  );
}
