import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A labelled control with its error in red underneath, tied to the control for screen readers. */
export function FormField({ id, label, error, hint, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
