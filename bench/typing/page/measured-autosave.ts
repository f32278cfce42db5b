import { useCallback } from 'react';
// The product's own hook, by its file: everything else that imports it gets this module instead.
import { useAnswerAutosave as productAutosave } from '../../../remote-quiz/src/quiz/hooks/useAnswerAutosave.ts';
import { measureKeystroke } from './autosave-meter.ts';

/** The quiz's autosave, unchanged, with its per-keystroke call (and the saves it schedules) timed. */
export function useAnswerAutosave(...args: Parameters<typeof productAutosave>): ReturnType<typeof productAutosave> {
  const autosave = productAutosave(...args);
  const { onDocumentChange } = autosave;
  const measured = useCallback(
    (...change: Parameters<typeof onDocumentChange>) => measureKeystroke(() => onDocumentChange(...change)),
    [onDocumentChange],
  );
  return { ...autosave, onDocumentChange: measured };
}
