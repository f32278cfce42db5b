import { Link, Outlet } from 'react-router-dom';
import { useReviewSession } from '../api/session.tsx';
import { LoadProblem } from '../components/LoadProblem.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { SignOutButton } from '../features/auth/components/SignOutButton.tsx';
import { TwoFactorRequiredPage } from '../features/two-factor/components/TwoFactorRequiredPage.tsx';

/**
 * The frame of every review view: a skip link, the company and the reviewer, and the view itself.
 * Signed out, any address shows the sign-in form, and the view it named opens once signed in.
 * Where the company requires two-factor sign-in of a reviewer who has not set it up, every
 * address shows its set-up until then.
 */
export function ReviewLayout() {
  const { state, refresh } = useReviewSession();
  return (
    <>
      <SkipLink target="main">Skip to main content</SkipLink>
      <header className="review-header">
        <Link to="/" className="review-brand">
          {state.status === 'signed-in' ? `${state.me.company.companyName} · Review` : 'Review'}
        </Link>
        {state.status === 'signed-in' && (
          <div className="review-reviewer">
            <span>{state.me.reviewer.name || state.me.reviewer.email}</span>
            <SignOutButton />
          </div>
        )}
      </header>
      {state.status === 'checking' && (
        <main id="main" className="review-main" aria-busy="true">
          <p className="muted">Loading…</p>
        </main>
      )}
      {state.status === 'unreachable' && (
        <main id="main" className="review-main">
          <h1>The review page cannot load</h1>
          <LoadProblem message={state.message} onRetry={() => void refresh()} />
        </main>
      )}
      {state.status === 'signed-out' && <SignInPage ended={state.ended} onSignedIn={refresh} />}
      {state.status === 'signed-in' && (
        <main id="main" className="review-main">
          {state.me.twoFactor.required && !state.me.twoFactor.on ? <TwoFactorRequiredPage /> : <Outlet />}
        </main>
      )}
    </>
  );
}
