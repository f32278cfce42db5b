import { useId } from 'react';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { useCodeEntry } from '../hooks/useCodeEntry.ts';
import { CodeInput } from './CodeInput.tsx';

/**
 * A change to two-factor sign-in that takes a code of the app (or a recovery code), not the
 * password: a page left signed in, in a browser that keeps the password, cannot make it.
 */
export function SecondFactorForm({
  label,
  action,
  danger = false,
  onSubmit,
}: {
  label: string;
  action: string;
  danger?: boolean;
  /** Sends the code; a refusal is shown beside the field, which takes the focus again. */
  onSubmit: (code: string) => Promise<void>;
}) {
  const id = useId();
  const { field, code, setCode, sending, problem, submit } = useCodeEntry(
    'Enter the code your app shows now, or a recovery code.',
    onSubmit,
  );

  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-code`}>{label}</label>
      <CodeInput
        id={`${id}-code`}
        ref={field}
        value={code}
        invalid={problem !== null}
        describedBy={problem ? `${id}-problem` : undefined}
        onChange={setCode}
      />
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button
        type="submit"
        className={danger ? 'button button-danger' : 'button'}
        aria-disabled={sending}
        aria-busy={sending}
      >
        {action}
      </button>
      <FormOutcome problem={problem} message="" problemId={`${id}-problem`} />
    </form>
  );
}
