import { type FormEvent, useId, useState } from 'react';
import { signIn } from '../../../api/review-api.ts';
import { problemOf } from '../../../hooks/useResource.ts';
import { refusalOf, signInProblem } from '../lib/sign-in-problem.ts';

/**
 * Email and password of a reviewer account (made with `pnpm --filter api reviewer add`). A refusal
 * is announced and kept beside the button; the email stays filled in, the password is cleared.
 * An account with two-factor sign-in on goes on to its code (`onCodeNeeded`).
 */
export function SignInForm({
  onSignedIn,
  onCodeNeeded,
}: {
  onSignedIn: () => Promise<void>;
  onCodeNeeded: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing = signInProblem(email, password);
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await signIn(email.trim(), password);
      if (answer?.codeNeeded) onCodeNeeded();
      else await onSignedIn();
    } catch (error) {
      setPassword('');
      setProblem(refusalOf(error, problemOf));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="sign-in-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <div className="form-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <p id={`${id}-problem`} className="form-problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button-primary" aria-disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        Sign in
      </button>
    </form>
  );
}
