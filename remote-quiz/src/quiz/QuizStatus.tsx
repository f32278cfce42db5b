import { MINUTE_MS, quizTimeLimitMinutes, type TestDefinition } from '@assessment/core';
import { Countdown } from './Countdown.tsx';
import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';
import { describeRemaining, formatClock } from './lib/countdown.ts';

interface QuizStatusProps {
  test: TestDefinition;
  extraTimePercent: number;
  /** When the candidate pressed Start the quiz; null while they read the instructions. */
  startTime: number | null;
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
      {startTime === null ? (
        <WaitingClock timeLimit={timeLimit} />
      ) : (
        <Countdown startTime={startTime} timeLimitInMinute={timeLimit} onTimeUp={onTimeUp} />
      )}
    </div>
  );
}

/** Before Start the quiz, the whole limit, standing still: reading the instructions costs no time. */
function WaitingClock({ timeLimit }: { timeLimit: number }) {
  const whole = timeLimit * MINUTE_MS;
  return (
    <p className="quiz-status-item quiz-countdown">
      Time left{' '}
      <span
        role="timer"
        aria-label={`${describeRemaining(whole)}, from when you start`}
        className="quiz-countdown-clock"
      >
        {formatClock(whole)}
      </span>
    </p>
  );
}
