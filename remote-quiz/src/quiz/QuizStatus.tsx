import { quizTimeLimitMinutes, type TestDefinition } from '@assessment/core';
import { Countdown } from './Countdown.tsx';
import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';

interface QuizStatusProps {
  test: TestDefinition;
  extraTimePercent: number;
  startTime: number;
  onTimeUp: () => void;
}

/** Answered count, duration and time left, above the questions. */
export function QuizStatus({ test, extraTimePercent, startTime, onTimeUp }: QuizStatusProps) {
  const answered = useAnsweredFlags().filter(Boolean).length;
  return (
    <div className="quiz-status">
      <p className="quiz-status-item" role="status">
        Answered {answered} / {test.questionCount}
      </p>
      <p className="quiz-status-item">
        Duration <strong>{test.testDurationInMinute} mins</strong>
      </p>
      <Countdown
        startTime={startTime}
        timeLimitInMinute={quizTimeLimitMinutes(test, extraTimePercent)}
        onTimeUp={onTimeUp}
      />
    </div>
  );
}
