import { type AccessLinkInfo, MIN_PASSWORD_LENGTH } from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { setPasswordByLink } from '../../../api/review-api.ts';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

/** A teammate sets their password with their one-time link; the server says why one is refused. */
export function SetPasswordForm({ secret, info, onSet }: { secret: string; info: AccessLinkInfo; onSet: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!password) {
      setProblem('Choose a password first.');
      field.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await setPasswordByLink(secret, password);
      onSet();
    } catch (error) {
      setProblem(problemOf(error));
      field.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-labelledby={`${id}-for`}>
      <p id={`${id}-for`}>
        For {info.name} ({info.email}) at {info.companyName}.
      </p>
      {/* The email, for a password manager to save the new password under. */}
      <input type="email" autoComplete="username" value={info.email} readOnly hidden />
      <p>
        <label htmlFor={`${id}-password`}>New password</label>
        <br />
        <input
          ref={field}
          id={`${id}-password`}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={1024}
          value={password}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setPassword(event.target.value)}
        />{' '}
        {/* A toggle, not a second field to type again: the teammate checks what they typed by reading it. */}
        <button
          type="button"
          className="button"
          aria-pressed={shown}
          aria-controls={`${id}-password`}
          onClick={() => setShown((before) => !before)}
        >
          Show password
        </button>
      </p>
      <p id={`${id}-hint`} className="field-hint">
        At least {MIN_PASSWORD_LENGTH} characters, and not a common password or pattern. Several unrelated words make a
        strong one.
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button type="submit" className="button button-primary" aria-disabled={saving} aria-busy={saving}>
        Set password
      </button>
      <FormOutcome problem={problem} message="" />
    </form>
  );
}
