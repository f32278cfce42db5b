import { useState } from 'react';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { SignInCodeForm } from './SignInCodeForm.tsx';
import { SignInForm } from './SignInForm.tsx';

/**
 * Shown in place of any review view while no reviewer is signed in; after signing in, that view
 * opens. An account with two-factor sign-in on is asked for its code after the password. Over a
 * view whose sign-in has `ended`, it says that signing in again as the same account carries on
 * where they left off.
 */
export function SignInPage({ ended, onSignedIn }: { ended: boolean; onSignedIn: () => Promise<void> }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [startedAgain, setStartedAgain] = useState<string | null>(null);
  return (
    <main id="main" className="sign-in-page">
      <PageHeading title="Sign in to review your candidates" />
      {ended && step === 'password' && (
        <p className="notice" role="status">
          Your session has ended. Please sign in again: with the same account, you carry on where you left off, with
          anything you had not yet saved.
        </p>
      )}
      {step === 'password' ? (
        <>
          {startedAgain && (
            <p className="notice" role="alert">
              {startedAgain}
            </p>
          )}
          <p>Use the reviewer account your company was given.</p>
          <SignInForm onSignedIn={onSignedIn} onCodeNeeded={() => setStep('code')} />
        </>
      ) : (
        <>
          <p>Your password is right. Your account also asks for a code from your authenticator app.</p>
          <SignInCodeForm
            onSignedIn={onSignedIn}
            onStartAgain={(why) => {
              setStartedAgain(why);
              setStep('password');
            }}
          />
        </>
      )}
    </main>
  );
}
