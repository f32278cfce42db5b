import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { hasCode } from '../lib/key-groups.ts';

/**
 * Turning two-factor sign-in off takes a code of the app (or a recovery code), not the password:
 * a page left signed in, in a browser that keeps the password, cannot take it off.
 */
export function TurnOffTwoFactor({ onOff }: { onOff: () => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!hasCode(code)) {
      setProblem('Enter the code your app shows now, or a recovery code.');
      field.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await calls.turnOffTwoFactor(code);
      onOff();
    } catch (error) {
      setCode('');
      setProblem(problemOf(error));
      field.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="inline-form" onSubmit={(event) => void turnOff(event)} noValidate>
      <label htmlFor={`${id}-code`}>Code to turn it off</label>
      <input
        ref={field}
        id={`${id}-code`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={64}
        value={code}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button type="submit" className="button button-danger" aria-disabled={saving} aria-busy={saving}>
        Turn off two-factor sign-in
      </button>
      <FormOutcome problem={problem} message="" problemId={`${id}-problem`} />
    </form>
  );
}
