import { PageHeading } from '../../../components/PageHeading.tsx';
import { SignInForm } from './SignInForm.tsx';

/** Shown in place of any review view while no reviewer is signed in; after signing in, that view opens. */
export function SignInPage({ ended, onSignedIn }: { ended: boolean; onSignedIn: () => Promise<void> }) {
  return (
    <main id="main" className="sign-in-page">
      <PageHeading title="Sign in to review your candidates" />
      {ended && (
        <p className="notice" role="status">
          Your session has ended. Please sign in again.
        </p>
      )}
      <p>Use the reviewer account your company was given.</p>
      <SignInForm onSignedIn={onSignedIn} />
    </main>
  );
}
