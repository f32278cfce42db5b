import { useId, useRef, useState } from 'react';

/**
 * A link (or a secret: `noun`) shown in full, so it can be read and selected by hand, with a button
 * that copies it.
 * Where the clipboard is refused (a page not on HTTPS), the text is selected instead.
 */
export function CopyField({ label, value, noun = 'link' }: { label: string; value: string; noun?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(`${noun[0]?.toUpperCase()}${noun.slice(1)} copied.`);
    } catch {
      input.current?.focus();
      input.current?.select();
      setMessage(`The browser did not allow copying. The ${noun} is selected: press Ctrl+C (or ⌘C) to copy it.`);
    }
  }

  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          spellCheck={false}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          Copy {noun}
        </button>
      </div>
      <p className="status-line" role="status">
        {message}
      </p>
    </div>
  );
}
