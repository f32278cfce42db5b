import { useCallback, useEffect, useMemo, useRef } from 'react';
import { noteAnswered } from '../../editor/lib/answered.ts';
import { serializeAnswer } from '../../editor/lib/html-serialize.ts';
import type { AnswerDocument } from '../../editor/lib/types.ts';
import { createDebouncedTask } from '../lib/debounced-task.ts';
import type { DraftRegistry } from '../lib/draft-registry.ts';
import { type QuestionNumber, threeAnswers, withAnswer } from '../lib/quiz-progress.ts';
import { quizSession } from '../quiz-session.ts';

/** A pause in typing this long saves the answer; typing without pause still saves this often. */
const SAVE_WAIT_MS = 300;
const SAVE_MAX_WAIT_MS = 2000;

/**
 * Saves one question's answer into the session's `answers` key. Serializing happens off the
 * keystroke path (debounced), and the waiting save is flushed when the question closes or the
 * page is hidden, so a reload never loses what was typed.
 */
export function useAnswerAutosave(index: QuestionNumber, drafts: DraftRegistry) {
  const latest = useRef<AnswerDocument | null>(null);

  const task = useMemo(
    () =>
      createDebouncedTask(
        () => {
          const document = latest.current;
          if (!document) return;
          latest.current = null;
          const html = serializeAnswer(document);
          noteAnswered(html, document);
          const { answers } = quizSession.getState();
          if (threeAnswers(answers)[index] !== html) quizSession.update({ answers: withAnswer(answers, index, html) });
        },
        { waitMs: SAVE_WAIT_MS, maxWaitMs: SAVE_MAX_WAIT_MS },
      ),
    [index],
  );

  useEffect(() => {
    const remove = drafts.add(task.flush);
    return () => {
      task.flush();
      remove();
    };
  }, [task, drafts]);

  const onDocumentChange = useCallback(
    (document: AnswerDocument) => {
      latest.current = document;
      task.schedule();
    },
    [task],
  );

  return { onDocumentChange, flush: task.flush };
}
