import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <main className="centered-page">
      <h1>Page Not Found</h1>
      <p>The page you are looking for is unavailable or has moved.</p>
      <p>Please open the full invitation link exactly as you received it from the hiring company.</p>
      <Link className="button" to="/">
        Enter your invitation link
      </Link>
    </main>
  );
}
