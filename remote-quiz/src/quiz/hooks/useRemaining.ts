import { remainingMs } from '@assessment/core';
import { useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left, read from the clock on every tick and whenever the page becomes visible
 * again; the component re-renders once a second, not on every tick.
 */
export function useRemainingSeconds(deadline: number, timeLimitInMinute: number): number {
  const read = () => Math.ceil(remainingMs(deadline, timeLimitInMinute, Date.now()) / 1000);
  const [seconds, setSeconds] = useState(read);

  useEffect(() => {
    const update = () => setSeconds(Math.ceil(remainingMs(deadline, timeLimitInMinute, Date.now()) / 1000));
    update();
    const timer = setInterval(update, TICK_MS);
    document.addEventListener('visibilitychange', update);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', update);
    };
  }, [deadline, timeLimitInMinute]);

  return seconds;
}
