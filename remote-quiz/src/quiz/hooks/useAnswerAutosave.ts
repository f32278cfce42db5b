import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { noteAnswered } from '../../editor/lib/answered.ts';
import { serializeAnswer } from '../../editor/lib/html-serialize.ts';
import type { AnswerDocument } from '../../editor/lib/types.ts';
import { bytesOverLimit } from '../lib/answer-room.ts';
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
 * page is hidden, so a reload never loses what was typed. An answer grown past what the server
 * takes is not saved (the server would refuse the save whole, the other answers with it): the
 * last save that fitted stays, and `overLimitBy` says by how many bytes it is over, for the
 * candidate to shorten it.
 */
export function useAnswerAutosave(index: QuestionNumber, drafts: DraftRegistry) {
  const latest = useRef<AnswerDocument | null>(null);
  const [overLimitBy, setOverLimitBy] = useState(0);

  const task = useMemo(
    () =>
      createDebouncedTask(
        () => {
          const document = latest.current;
          if (!document) return;
          latest.current = null;
          const html = serializeAnswer(document);
          const { answers } = quizSession.getState();
          const over = bytesOverLimit(answers, index, html);
          setOverLimitBy(over);
          if (over > 0) return;
          noteAnswered(html, document);
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

  return { onDocumentChange, flush: task.flush, overLimitBy };
}
