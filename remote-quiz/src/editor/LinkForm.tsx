import { useEffect, useId, useRef, useState } from 'react';
import type { LinkCheck } from './lib/links.ts';

interface LinkFormProps {
  initialUrl: string;
  editing: boolean;
  onApply: (address: string) => LinkCheck;
  onRemove: () => void;
  onClose: () => void;
}

/** Asks for a link address under the toolbar; a refused address is explained, never dropped silently. */
export function LinkForm({ initialUrl, editing, onApply, onRemove, onClose }: LinkFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState(initialUrl);
  const [error, setError] = useState('');

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <form
      className="quiz-link-form"
      aria-label={editing ? 'Edit link' : 'Add link'}
      onSubmit={(event) => {
        event.preventDefault();
        const result = onApply(address);
        if (!result.ok) {
          setError(result.message);
          input.current?.focus();
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <label htmlFor={`${id}-address`}>Link address</label>
      <input
        ref={input}
        id={`${id}-address`}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={address}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setAddress(event.target.value);
          setError('');
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="quiz-link-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="quiz-link-hint">
          A web address (https://…), an e-mail address (mailto:…) or a phone number (tel:…).
        </p>
      )}
      <div className="quiz-link-actions">
        <button type="submit" className="button button-primary">
          {editing ? 'Update link' : 'Add link'}
        </button>
        {editing && (
          <button type="button" className="button" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
