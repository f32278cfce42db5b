import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accessLink } from '../../api/review-api.ts';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SkipLink } from '../../components/SkipLink.tsx';
import { SetPasswordForm } from '../../features/team/components/SetPasswordForm.tsx';
import { useResource } from '../../hooks/useResource.ts';
import { accessSecretOf } from '../../lib/links.ts';

/**
 * Where the page goes once the password is set: the secret leaves the address, and the address
 * says instead that the password is set, so a reload, Back, or the address opened again in
 * another tab still says so and offers the sign-in.
 */
const PASSWORD_SET = '?password=set';

/** A refusal that trying the same link again cannot change: used, expired or replaced (410), or not a link (400). */
const spentOrWrong = (status: number | null) => status === 410 || status === 400;

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
  const set = !secret && new URLSearchParams(location.search).get('password') === 'set';
  // Nothing to ask without a secret, or once it is spent: the server would only refuse it.
  const info = useResource(`access:${secret}`, () =>
    secret && !set ? accessLink(secret) : Promise.resolve(undefined),
  );
  // Spent, the secret leaves the address bar and the browser's history. Not before: until the
  // password is set, a reload has to find the link again.
  const spent = () => navigate({ pathname: location.pathname, search: PASSWORD_SET }, { replace: true });
  const signIn = (
    <Link to="/" className="button button-primary">
      Sign in
    </Link>
  );
  return (
    <>
      {/* Mounted outside ReviewLayout (review/src/app/App.tsx), which gives every other view its skip link. */}
      <SkipLink target="main">Skip to main content</SkipLink>
      <main id="main" className="review-main access-page">
        {/* A new heading when the password is set: it takes the focus, so the change is heard. */}
        <PageHeading key={String(set)} title={set ? 'Your password is set' : 'Set your password'} />
        {set ? (
          <>
            <p>Sign in to the review page with your email and the new password.</p>
            <p>{signIn}</p>
          </>
        ) : !secret ? (
          <>
            <p>
              This address has no link in it. Open the whole link you were sent, or ask an admin of your company for a
              new one.
            </p>
            <p>If you have set your password already: {signIn}</p>
          </>
        ) : info.error && spentOrWrong(info.failedStatus) ? (
          <>
            <p role="alert">{info.error}</p>
            <p>If you set your password with this link: {signIn}</p>
          </>
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
