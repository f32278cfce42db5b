import { ANSWER_MAX_BYTES, ANSWERS_TOTAL_MAX_BYTES, utf8Length } from '@assessment/core';
import { useCallback, useId, useState } from 'react';
import { AnswerEditor } from '../editor/AnswerEditor.tsx';
import { useAnswerAutosave } from './hooks/useAnswerAutosave.ts';
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

/** Room kept free for the JSON around the answers and the proctoring record. */
const MARGIN_BYTES = 4000;

/** One question: its text, the Answer editor and Continue. */
export function QuestionView({ index, question, drafts, onContinue, onPaste, onFilePickerOpen }: QuestionViewProps) {
  const id = useId();
  const [title, ...prompts] = question;
  const { onDocumentChange, flush } = useAnswerAutosave(index, drafts);
  const [initialHtml] = useState(() => threeAnswers(quizSession.getState().answers)[index]);

  const pictureRoom = useCallback(() => {
    flush();
    const answers = threeAnswers(quizSession.getState().answers);
    const total = answers.reduce((sum, html) => sum + utf8Length(html), 0);
    return Math.min(ANSWER_MAX_BYTES - utf8Length(answers[index]), ANSWERS_TOTAL_MAX_BYTES - total) - MARGIN_BYTES;
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
      <div className="quiz-question-actions">
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </article>
  );
}
