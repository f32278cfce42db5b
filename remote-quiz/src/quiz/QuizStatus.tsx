import { quizTimeLimitMinutes, type TestDefinition } from '@assessment/core';
import { Countdown } from './Countdown.tsx';
import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';

interface QuizStatusProps {
  test: TestDefinition;
  extraTimePercent: number;
  startTime: number;
  onTimeUp: () => void;
}

/** Answered count, the candidate's time limit and time left, above the questions. */
export function QuizStatus({ test, extraTimePercent, startTime, onTimeUp }: QuizStatusProps) {
  const answered = useAnsweredFlags().filter(Boolean).length;
  const timeLimit = quizTimeLimitMinutes(test, extraTimePercent);
  return (
    <div className="quiz-status">
      <p className="quiz-status-item" role="status">
        Answered {answered} / {test.questionCount}
      </p>
      {/* The candidate's own limit, extra time included: the same clock the countdown runs on. */}
      <p className="quiz-status-item">
        Time limit <strong>{timeLimit} mins</strong>
      </p>
      <Countdown startTime={startTime} timeLimitInMinute={timeLimit} onTimeUp={onTimeUp} />
    </div>
  );
}
