import { Link, NavLink, Outlet } from 'react-router-dom';
import { useReviewSession } from '../api/session.tsx';
import { viewOwner } from '../api/session-state.ts';
import { LoadProblem } from '../components/LoadProblem.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { SignOutButton } from '../features/auth/components/SignOutButton.tsx';
import { TwoFactorRequiredPage } from '../features/two-factor/components/TwoFactorRequiredPage.tsx';
import { ReviewerView } from './ReviewerView.tsx';

/**
 * The frame of every review view: a skip link, the company and the reviewer, and the view itself.
 * Signed out, any address shows the sign-in form, and the view it named opens once signed in.
 * When the server ends the sign-in, the form shows over the view, which comes back as it was to
 * the same account signing in again.
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
          <nav className="review-nav" aria-label="Review page">
            <NavLink to="/" end>
              Tests
            </NavLink>
            <NavLink to="/settings">Settings</NavLink>
          </nav>
        )}
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
      {(state.status === 'signed-out' || state.status === 'ended') && (
        <SignInPage ended={state.status === 'ended'} onSignedIn={refresh} />
      )}
      {(state.status === 'signed-in' || state.status === 'ended') && (
        // Keyed by its owner: the view kept under the sign-in form stays for the same account, and
        // another account's sign-in starts a new one.
        <ReviewerView key={viewOwner(state.me)} hidden={state.status === 'ended'}>
          {state.me.twoFactor.required && !state.me.twoFactor.on ? <TwoFactorRequiredPage /> : <Outlet />}
        </ReviewerView>
      )}
    </>
  );
}
