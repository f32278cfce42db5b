import { useCallback, useId, useState } from 'react';
import { AnswerEditor } from '../editor/AnswerEditor.tsx';
import { useAnswerAutosave } from './hooks/useAnswerAutosave.ts';
import { pictureRoom as roomOf } from './lib/answer-room.ts';
import type { DraftRegistry } from './lib/draft-registry.ts';
import { type QuestionNumber, threeAnswers } from './lib/quiz-progress.ts';
import { quizSession } from './quiz-session.ts';

interface QuestionViewProps {
  index: QuestionNumber;
  question: readonly string[];
  drafts: DraftRegistry;
  /** The next question, or back to the list after the last one. */
  onContinue: () => void;
  onPaste: (chars: number) => void;
  onFilePickerOpen: () => void;
}

/** One question: its text, the Answer editor and Continue. */
export function QuestionView({ index, question, drafts, onContinue, onPaste, onFilePickerOpen }: QuestionViewProps) {
  const id = useId();
  const [title, ...prompts] = question;
  const { onDocumentChange, flush, overLimitBy } = useAnswerAutosave(index, drafts);
  const [initialHtml] = useState(() => threeAnswers(quizSession.getState().answers)[index]);

  const pictureRoom = useCallback(() => {
    flush();
    return roomOf(quizSession.getState().answers, index);
  }, [flush, index]);

  return (
    <article className="quiz-question" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="quiz-view-title" tabIndex={-1}>
        Question {index + 1}
      </h2>
      <p className="quiz-question-title">{title}</p>
      {prompts.length > 0 && (
        <ul className="quiz-question-prompts">
          {prompts.map((prompt) => (
            <li key={prompt}>{prompt}</li>
          ))}
        </ul>
      )}
      <h3 id={`${id}-answer`} className="quiz-answer-label">
        Answer
      </h3>
      <AnswerEditor
        id={`${id}-editor`}
        labelledBy={`${id}-answer`}
        initialHtml={initialHtml}
        onDocumentChange={onDocumentChange}
        onPaste={onPaste}
        pictureRoom={pictureRoom}
        onFilePickerOpen={onFilePickerOpen}
      />
      <AnswerTooLong overLimitBy={overLimitBy} />
      <div className="quiz-question-actions">
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </article>
  );
}

/** Told at once, and kept in view until the answer fits again: what is over the limit is not saved. */
function AnswerTooLong({ overLimitBy }: { overLimitBy: number }) {
  return (
    <p role="alert" className="quiz-answer-too-long">
      {overLimitBy > 0 &&
        `This answer is too long to be saved: please shorten it by about ${Math.ceil(overLimitBy / 1000)} kB (pictures take the most room). Until then, the answer as last saved is the one kept.`}
    </p>
  );
}
