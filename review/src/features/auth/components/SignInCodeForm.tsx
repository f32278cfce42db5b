import { TWO_FACTOR_CHALLENGE_GONE, TWO_FACTOR_TOO_MANY_CODES } from '@assessment/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { signInWithCode } from '../../../api/review-api.ts';
import { problemOf } from '../../../hooks/useResource.ts';
import { CodeInput } from '../../two-factor/components/CodeInput.tsx';
import { refusalOf } from '../lib/sign-in-problem.ts';

/**
 * The second step of a sign-in with two-factor on: the code the reviewer's app shows now, or one
 * of their recovery codes. The field takes the focus when the step appears; a wrong code is
 * announced and the field cleared. After 5 minutes the password is asked again (`onStartAgain`).
 */
export function SignInCodeForm({
  onSignedIn,
  onStartAgain,
}: {
  onSignedIn: () => Promise<void>;
  onStartAgain: (why: string) => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    field.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setProblem('Enter the code your app shows, or a recovery code.');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await signInWithCode(code);
      await onSignedIn();
    } catch (error) {
      const signInEnded = [TWO_FACTOR_CHALLENGE_GONE, TWO_FACTOR_TOO_MANY_CODES];
      if (error instanceof ApiError && error.status === 401 && signInEnded.includes(error.message)) {
        onStartAgain(error.message);
        return;
      }
      setCode('');
      setProblem(refusalOf(error, problemOf));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sign-in-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="form-field">
        <label htmlFor={`${id}-code`}>Two-factor code</label>
        <CodeInput
          id={`${id}-code`}
          ref={field}
          value={code}
          invalid={problem !== null}
          describedBy={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={setCode}
        />
        <p id={`${id}-hint`} className="field-hint">
          The 6-digit code your authenticator app shows for this account now. Without your app, enter one of your
          recovery codes instead; each works once.
        </p>
      </div>
      <p id={`${id}-problem`} className="form-problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button-primary" aria-disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        Finish signing in
      </button>
    </form>
  );
}
