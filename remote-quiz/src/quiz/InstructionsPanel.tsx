import { quizTimeLimitMinutes, type TestDefinition } from '@assessment/core';
import type { ProgressStore } from './lib/progress-store.ts';
import { SWITCH_DELAY_MS } from './lib/switch-detector.ts';
import { PracticeQuestion } from './PracticeQuestion.tsx';
import { RecordedSoFar } from './RecordedSoFar.tsx';

interface InstructionsPanelProps {
  test: TestDefinition;
  extraTimePercent: number;
  progress: ProgressStore;
  /** Whether the candidate has started the quiz's clock. */
  started: boolean;
  /** Starts the clock and shows the questions. */
  onStart: () => void;
  onShowQuestions: () => void;
  onFilePickerOpen: () => void;
}

/**
 * General and proctoring instructions: everything recorded is stated here before it happens, and
 * what has been recorded is listed as it happens.
 */
export function InstructionsPanel({
  test,
  extraTimePercent,
  progress,
  started,
  onStart,
  onShowQuestions,
  onFilePickerOpen,
}: InstructionsPanelProps) {
  const switchSeconds = SWITCH_DELAY_MS / 1000;
  const limit = quizTimeLimitMinutes(test, extraTimePercent);
  return (
    <div className="quiz-instructions">
      <h2 className="quiz-view-title" tabIndex={-1}>
        Instructions
      </h2>
      <h3>General Instructions</h3>
      <ul>
        <li>
          This is a timed assessment: you have {limit} minutes to answer the {test.questionCount} questions of this
          section
          {extraTimePercent > 0
            ? `, which includes your extra time of +${extraTimePercent} % (${test.timeLimitInMinute} minutes without it)`
            : ''}
          .
        </li>
        <li>
          The timer starts when you select Start the quiz, below these instructions, and cannot be paused once begun,
          not even by closing or reloading this page. The questions are shown from then on.
        </li>
        <li>
          A stable internet connection is needed. Your answers are saved in this browser as you type and sent to the
          hiring company regularly, so a short loss of connection loses nothing.
        </li>
        <li>
          When the time is up, your answers are saved and submitted for you, and you go on to the video introduction.
        </li>
        <li>
          Open a question with Solve or with its number on the left. Complete, under the list, submits your answers.
        </li>
      </ul>
      <h3>Proctoring Instructions</h3>
      <p>Proctoring is enabled for this assessment. This is what is recorded and sent to the hiring company:</p>
      <ul>
        <li>
          Tab or window switches: each time this page is hidden or loses focus for more than {switchSeconds} seconds
          during this section, with the question that was open.
        </li>
        <li>Pastes into your answers: when you paste, and how many characters, for each question.</li>
        <li>
          Camera video: in Section 2 (Video Introduction) you record a video of yourself with your camera and
          microphone.
        </li>
      </ul>
      <p>Nothing else is recorded: not your screen, not your keystrokes, not your other tabs or what they show.</p>
      <RecordedSoFar progress={progress} companyName={test.companyName} />
      {!started && <PracticeQuestion onFilePickerOpen={onFilePickerOpen} />}
      {started ? (
        <button type="button" className="button button-primary" onClick={onShowQuestions}>
          Show the questions
        </button>
      ) : (
        <button type="button" className="button button-primary" onClick={onStart}>
          Start the quiz
        </button>
      )}
    </div>
  );
}
