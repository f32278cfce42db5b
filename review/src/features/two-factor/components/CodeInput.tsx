import type { Ref } from 'react';

/**
 * Where a reviewer types a code of their authenticator app, or a recovery code: digits on a phone's
 * keyboard, offered by the browser from a text message where it can, never spell-checked.
 */
export function CodeInput({
  id,
  ref,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  ref: Ref<HTMLInputElement>;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="text"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={64}
      value={value}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
