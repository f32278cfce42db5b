import { useEffect, useId, useRef, useState } from 'react';
import { useReviewSession, useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { NewRecoveryCodes } from './NewRecoveryCodes.tsx';
import { TurnOffTwoFactor } from './TurnOffTwoFactor.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

/**
 * The reviewer's own two-factor sign-in: whether it is on, setting it up, new recovery codes, and
 * turning it off.
 */
export function TwoFactorPanel() {
  const { calls } = useSignedIn();
  const { refresh } = useReviewSession();
  const id = useId();
  const status = useResource('two-factor', (signal) => calls.twoFactor(signal));
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  // Once the new state is on screen, the form that had the focus is gone: the heading takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new status on screen is what the heading waits for.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [status.data]);

  const changed = (text: string) => {
    setMessage(text);
    focusHeading.current = true;
    status.reload();
    // Who-am-I holds the state too: the page's other parts read it there.
    void refresh();
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Two-factor sign-in
      </h2>
      {status.error && <LoadProblem message={status.error} onRetry={status.reload} />}
      {status.data?.on && (
        <>
          <p>
            On for your account: signing in asks for a code from your authenticator app after your password.{' '}
            {status.data.recoveryCodesLeft} of your recovery codes are left.
          </p>
          <NewRecoveryCodes onKept={() => changed('New recovery codes are ready; the old ones no longer work.')} />
          {status.data.required ? (
            <p>Your company requires it, so it stays on. An admin can change that.</p>
          ) : (
            <TurnOffTwoFactor onOff={() => changed('Two-factor sign-in is off.')} />
          )}
        </>
      )}
      {status.data && !status.data.on && <TwoFactorSetup onDone={() => changed('Two-factor sign-in is on.')} />}
      {!status.data && !status.error && <p className="muted">Loading…</p>}
      <p className="status-line" role="status">
        {message}
      </p>
    </section>
  );
}
