import { type ReactNode, useEffect, useRef, useState } from 'react';
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
  // Which button takes the focus once the change of `asking` is on screen: after the render that
  // shows it, not at a guessed moment (a state set after an await renders later than a frame).
  const focusNext = useRef<'ask' | 'confirm' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `asking` is what puts the button to focus on screen.
  useEffect(() => {
    const target = focusNext.current === 'ask' ? askButton : focusNext.current === 'confirm' ? confirmButton : null;
    focusNext.current = null;
    target?.current?.focus();
  }, [asking]);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
      // Back to this button once it is on screen again; where the change removed this whole
      // component, `onConfirm` moved the focus on already.
      focusNext.current = 'ask';
      setAsking(false);
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
          focusNext.current = 'confirm';
          setAsking(true);
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
          focusNext.current = 'ask';
          setAsking(false);
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
