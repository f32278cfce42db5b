import { deadlineOf, MINUTE_MS } from '@assessment/core';
import { useEffect, useRef, useState } from 'react';
import { useRemainingSeconds } from './hooks/useRemaining.ts';
import { crossedWarning, describeRemaining, formatClock } from './lib/countdown.ts';

/** From here the time left is drawn as a warning, as the first reminder says. */
const WARNING_MS = 5 * MINUTE_MS;

interface CountdownProps {
  startTime: number;
  timeLimitInMinute: number;
  onTimeUp: () => void;
}

/** The live time left. Only this small part of the screen re-renders every second. */
export function Countdown({ startTime, timeLimitInMinute, onTimeUp }: CountdownProps) {
  const seconds = useRemainingSeconds(deadlineOf(startTime, timeLimitInMinute), timeLimitInMinute);
  const remaining = seconds * 1000;
  const previous = useRef(remaining);
  const [warning, setWarning] = useState('');

  useEffect(() => {
    const crossed = crossedWarning(previous.current, remaining);
    previous.current = remaining;
    if (crossed !== undefined) setWarning(`${crossed === 1 ? '1 minute' : `${crossed} minutes`} left.`);
  }, [remaining]);

  useEffect(() => {
    if (remaining === 0) onTimeUp();
  }, [remaining, onTimeUp]);

  return (
    <p
      className={`quiz-status-item quiz-countdown${
        remaining <= MINUTE_MS ? ' is-urgent' : remaining <= WARNING_MS ? ' is-warning' : ''
      }`}
    >
      Time left{' '}
      <span role="timer" aria-label={describeRemaining(remaining)} className="quiz-countdown-clock">
        {formatClock(remaining)}
      </span>
      {/* Seen as well as heard: a reminder a sighted candidate can miss is no reminder (WCAG 2.2.1). */}
      <span className="quiz-countdown-warning" role="status">
        {warning}
      </span>
    </p>
  );
}
