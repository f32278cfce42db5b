import { useEffect, useId, useRef } from 'react';
import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';

interface CompleteDialogProps {
  open: boolean;
  total: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Complete cannot be undone, so it is confirmed once, with how many questions are answered. */
export function CompleteDialog({ open, total, onConfirm, onCancel }: CompleteDialogProps) {
  const id = useId();
  const answered = useAnsweredFlags().filter(Boolean).length;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="quiz-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onCancel}
    >
      <h2 id={`${id}-title`}>Submit your answers?</h2>
      <p id={`${id}-text`}>
        You have answered {answered} of {total} questions. After you submit, you go on to the video introduction and
        cannot change your answers.
      </p>
      <div className="quiz-dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Keep working
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Submit answers
        </button>
      </div>
    </dialog>
  );
}
