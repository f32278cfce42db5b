import { useId } from 'react';
import { dateInputValue } from '../lib/expiry.ts';

/** The last day a new personal link works, no earlier than today. */
export function ExpiryDayField({
  label,
  day,
  onChange,
}: {
  label: string;
  day: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        required
        min={dateInputValue(Date.now())}
        value={day}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
