import { ANSWER_MAX_BYTES } from '@assessment/core';
import { useId } from 'react';
import { AnswerEditor } from '../editor/AnswerEditor.tsx';

/** Nothing typed here is kept: the practice answer lives in the editor alone. */
const forget = () => {};
const practiceRoom = () => ANSWER_MAX_BYTES;

interface PracticeQuestionProps {
  onFilePickerOpen: () => void;
}

/**
 * An untimed question to try the answer editor on before the clock starts (issue 26: peers offer
 * one). What is typed is neither saved, nor sent, nor recorded, and it is gone once the quiz
 * starts.
 */
export function PracticeQuestion({ onFilePickerOpen }: PracticeQuestionProps) {
  const id = useId();
  return (
    <section className="quiz-practice" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Practice question (optional)</h3>
      <p>
        Try the answer editor before you start: this question is not timed, and what you type here is not saved, sent or
        recorded.
      </p>
      <p className="quiz-question-title">Describe a tool you use every day in two or three sentences.</p>
      <ul className="quiz-question-prompts">
        <li>Try making a word bold, starting a list and adding a link from the toolbar.</li>
      </ul>
      <h4 id={`${id}-answer`} className="quiz-answer-label">
        Practice answer
      </h4>
      <AnswerEditor
        id={`${id}-editor`}
        labelledBy={`${id}-answer`}
        initialHtml=""
        onDocumentChange={forget}
        onPaste={forget}
        pictureRoom={practiceRoom}
        onFilePickerOpen={onFilePickerOpen}
      />
    </section>
  );
}
