import type { TwoFactorSetup as Setup } from '@assessment/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { useCodeEntry } from '../hooks/useCodeEntry.ts';
import { groupKey } from '../lib/key-groups.ts';
import { CodeInput } from './CodeInput.tsx';
import { KeyQrCode } from './KeyQrCode.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/**
 * Turning two-factor sign-in on: the server makes a key, kept pending; the reviewer adds it to an
 * authenticator app they already have, by scanning its QR code, typing it or pasting its
 * otpauth:// address, and confirms with the code the app shows. Only then is it on, and the
 * recovery codes are shown once.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    if (starting) return;
    setStarting(true);
    setProblem(null);
    try {
      setSetup(await calls.startTwoFactorSetup());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setStarting(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onKept={onDone} />;
  if (setup) return <ConfirmKey setup={setup} onConfirmed={setCodes} />;
  return (
    <div>
      <p id={`${id}-why`}>
        After your password, signing in will also ask for a code from an authenticator app you already have, on your
        phone or computer. Someone who learns your password still cannot sign in as you.
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button
        type="button"
        className="button button-primary"
        aria-disabled={starting}
        aria-busy={starting}
        aria-describedby={`${id}-why`}
        onClick={() => void start()}
      >
        Set up two-factor sign-in
      </button>
      <FormOutcome problem={problem} message="" />
    </div>
  );
}

function ConfirmKey({ setup, onConfirmed }: { setup: Setup; onConfirmed: (codes: string[]) => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { field, code, setCode, sending, problem, submit } = useCodeEntry(
    'Enter the 6-digit code your app shows for this key.',
    async (typed) => onConfirmed((await calls.confirmTwoFactor(typed)).recoveryCodes),
  );
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Add this key to your authenticator app
      </h3>
      <p>
        In the app, add an account and scan this QR code, or type the key below it (spaces or not, as the app likes). It
        is a time-based key of 6 digits every 30 seconds.
      </p>
      <KeyQrCode uri={setup.uri} />
      <CopyField label="Your key" value={groupKey(setup.key)} noun="key" />
      <CopyField
        label="The same key as an otpauth:// address, for apps that take one"
        value={setup.uri}
        noun="address"
      />
      <p>
        <label htmlFor={`${id}-code`}>Code from your app</label>
        <br />
        <CodeInput
          id={`${id}-code`}
          ref={field}
          value={code}
          invalid={problem !== null}
          describedBy={problem ? `${id}-problem` : undefined}
          onChange={setCode}
        />
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button type="submit" className="button button-primary" aria-disabled={sending} aria-busy={sending}>
        Turn on two-factor sign-in
      </button>
      <FormOutcome problem={problem} message="" problemId={`${id}-problem`} />
    </form>
  );
}
