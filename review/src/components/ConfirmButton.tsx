import { type ReactNode, useRef, useState } from 'react';
import { problemOf } from '../hooks/useResource.ts';

interface Props {
  /** The button's words, and what the reviewer confirms with. */
  label: string;
  confirmLabel: string;
  /** What happens, in words, asked before it does. */
  question: ReactNode;
  /** Does it; a refusal is shown beside the question, which stays. */
  onConfirm: () => Promise<void>;
}

/**
 * A change that cannot be undone asks once more. Focus goes to the confirming button, and back to
 * this button on Cancel, so the keyboard never falls to the top of the page.
 */
export function ConfirmButton({ label, confirmLabel, question, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
      setAsking(false);
      // Back to this button; where the change removed it, `onConfirm` moved the focus on already.
      requestAnimationFrame(() => askButton.current?.focus());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <button
        ref={askButton}
        type="button"
        className="button button-danger"
        onClick={() => {
          setAsking(true);
          requestAnimationFrame(() => confirmButton.current?.focus());
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="revoke-confirm">
      <p>{question}</p>
      <button
        ref={confirmButton}
        type="button"
        className="button button-danger"
        aria-disabled={busy}
        onClick={() => void confirm()}
      >
        {confirmLabel}
      </button>{' '}
      <button
        type="button"
        className="button"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setAsking(false);
          requestAnimationFrame(() => askButton.current?.focus());
        }}
      >
        Cancel
      </button>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
