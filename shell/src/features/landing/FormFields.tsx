import type { ReactNode } from 'react';

interface FieldProps {
  /** Form field name; the control's id is `confirm-<name>`, which the form focuses on an error. */
  name: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
}

/** Label, optional hint, control and its error in red underneath, tied together for screen readers. */
function Field({
  name,
  label,
  error,
  hint,
  control,
}: Omit<FieldProps, 'value' | 'onChange'> & {
  control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = `confirm-${name}`;
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
      {control({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  type = 'text',
  autoComplete,
  maxLength,
  readOnly = false,
  ...field
}: FieldProps & { type?: 'text' | 'email'; autoComplete: string; maxLength: number; readOnly?: boolean }) {
  return (
    <Field
      {...field}
      control={(aria) => (
        <input
          {...aria}
          name={field.name}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          readOnly={readOnly}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
        />
      )}
    />
  );
}

export function SelectField({
  options,
  placeholder,
  ...field
}: FieldProps & { options: readonly string[]; placeholder: string }) {
  return (
    <Field
      {...field}
      control={(aria) => (
        <select
          {...aria}
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    />
  );
}
