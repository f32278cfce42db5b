import { usePageTitle } from '../components/usePageTitle.ts';

export function ExpiredPage() {
  usePageTitle('Link Expired');
  return (
    <main className="centered-page">
      <h1>Link Expired</h1>
      <p>This invitation link is no longer valid. It may have expired or been revoked by the administrator.</p>
      <p>Please contact the hiring company's support or request a new invitation link.</p>
    </main>
  );
}
