import { useState } from 'react';
import { Link } from 'react-router-dom';
import { accessLink } from '../../api/review-api.ts';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SkipLink } from '../../components/SkipLink.tsx';
import { SetPasswordForm } from '../../features/team/components/SetPasswordForm.tsx';
import { useResource } from '../../hooks/useResource.ts';

/**
 * A teammate's one-time link (`/review/access#<secret>`): set a password, then sign in. Open
 * without a sign-in; the secret is read from the fragment, which the browser never sends.
 */
export function AccessRoute() {
  const [secret] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  const [set, setSet] = useState(false);
  const info = useResource(`access:${secret}`, () => accessLink(secret));
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
          <SetPasswordForm secret={secret} info={info.data} onSet={() => setSet(true)} />
        ) : (
          <p className="muted">Reading your link…</p>
        )}
      </main>
    </>
  );
}
