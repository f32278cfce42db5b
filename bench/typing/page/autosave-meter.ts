import type { AutosaveReading } from './editor-under-test.ts';

/**
 * Times the quiz's autosave where it really runs. Its per-keystroke call is timed around the
 * call; the save that call schedules runs later in a timer, so a timer created during the call
 * gets its callback timed too. Nothing else on the Slate page creates timers in that window.
 */
let capturing = false;
let reading: AutosaveReading = { keystrokes: 0, onKeystrokeMs: 0, savesMs: [] };

const browserSetTimeout = window.setTimeout.bind(window);
window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
  if (!capturing || typeof handler !== 'function') return browserSetTimeout(handler, timeout, ...args);
  return browserSetTimeout(() => {
    const start = performance.now();
    try {
      handler(...args);
    } finally {
      reading.savesMs.push(performance.now() - start);
    }
  }, timeout);
}) as typeof window.setTimeout;

export function measureKeystroke(change: () => void): void {
  capturing = true;
  const start = performance.now();
  try {
    change();
  } finally {
    capturing = false;
    reading.onKeystrokeMs += performance.now() - start;
    reading.keystrokes += 1;
  }
}

export const autosaveMeter = {
  read: () => reading,
  reset() {
    reading = { keystrokes: 0, onKeystrokeMs: 0, savesMs: [] };
  },
};
