import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accessLink } from '../../api/review-api.ts';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SkipLink } from '../../components/SkipLink.tsx';
import { SetPasswordForm } from '../../features/team/components/SetPasswordForm.tsx';
import { useResource } from '../../hooks/useResource.ts';
import { accessSecretOf } from '../../lib/links.ts';

/** What the address's history entry keeps once the link is spent (react-router's location state). */
interface AccessState {
  passwordSet?: boolean;
}

/**
 * A teammate's one-time link (`/review/access#<secret>`): set a password, then sign in. Open
 * without a sign-in; the secret is read from the fragment, which the browser never sends.
 */
export function AccessRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read from the address as it is now: a newer link pasted into this tab changes only the
  // fragment, and the page is not loaded again for it.
  const secret = accessSecretOf(location.hash);
  // Kept in the history entry, not in the component: after a reload or Back the address no longer
  // holds the secret, and the page still says the password is set instead of that the link is missing.
  const set = (location.state as AccessState | null)?.passwordSet === true;
  // Nothing to ask without a secret, or once it is spent: the server would only refuse it.
  const info = useResource(`access:${secret}`, () =>
    secret && !set ? accessLink(secret) : Promise.resolve(undefined),
  );
  // Spent, the secret leaves the address bar and the browser's history. Not before: until the
  // password is set, a reload has to find the link again.
  const spent = () =>
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { passwordSet: true } });
  return (
    <>
      {/* Mounted outside ReviewLayout (review/src/app/App.tsx), which gives every other view its skip link. */}
      <SkipLink target="main">Skip to main content</SkipLink>
      <main id="main" className="review-main access-page">
        {/* A new heading when the password is set: it takes the focus, so the change is heard. */}
        <PageHeading key={String(set)} title={set ? 'Your password is set' : 'Set your password'} />
        {set ? (
          <p>
            <Link to="/">Sign in to the review page</Link> with your email and the new password.
          </p>
        ) : !secret ? (
          <p>
            This address has no link in it. Open the whole link you were sent, or ask an admin of your company for a new
            one.
          </p>
        ) : info.error ? (
          <LoadProblem message={info.error} onRetry={info.reload} />
        ) : info.data ? (
          <SetPasswordForm secret={secret} info={info.data} onSet={spent} />
        ) : (
          <p className="muted">Reading your link…</p>
        )}
      </main>
    </>
  );
}
