import { browserTimers, type Timers } from './debounced-task.ts';

/**
 * Tells a real tab or window switch from a blink: the page must stay hidden or unfocused for
 * `delayMs` before it counts, so a notification or a system pop-up that takes focus for a moment
 * is not recorded. One time away counts once, however many blur and visibility events it fires.
 */
export const SWITCH_DELAY_MS = 2000;

export interface SwitchDetector {
  /** The window lost focus or the page was hidden. */
  away(): void;
  /** The window has focus again and the page is visible. */
  back(): void;
  /** The next time away (starting within `withinMs`) is the candidate's own doing, e.g. a file picker. */
  expectAway(withinMs?: number): void;
  dispose(): void;
}

/** `onSwitch` gets when the time away began (ms since the epoch): the moment the candidate left. */
export function createSwitchDetector(
  onSwitch: (awayAt: number) => void,
  { delayMs = SWITCH_DELAY_MS, timers = browserTimers }: { delayMs?: number; timers?: Timers } = {},
): SwitchDetector {
  let isAway = false;
  let timer: unknown;
  let expectedUntil = 0;

  function clear(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  return {
    away() {
      if (isAway) return;
      isAway = true;
      const awayAt = timers.now();
      if (awayAt <= expectedUntil) return;
      timer = timers.setTimeout(() => {
        timer = undefined;
        onSwitch(awayAt);
      }, delayMs);
    },
    back() {
      isAway = false;
      expectedUntil = 0;
      clear();
    },
    expectAway(withinMs = 5000) {
      expectedUntil = timers.now() + withinMs;
    },
    dispose() {
      clear();
    },
  };
}
