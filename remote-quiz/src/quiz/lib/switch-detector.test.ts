import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from './debounced-task.ts';
import { createSwitchDetector } from './switch-detector.ts';

const fakeTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

describe('tab or window switch detection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a time away that lasts, at the moment the candidate left', () => {
    const onSwitch = vi.fn();
    const detector = createSwitchDetector(onSwitch, { delayMs: 2000, timers: fakeTimers });
    const left = Date.now();
    detector.away();
    vi.advanceTimersByTime(2000);
    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(onSwitch).toHaveBeenCalledWith(left);
  });

  it('does not count a blink such as a notification taking focus', () => {
    const onSwitch = vi.fn();
    const detector = createSwitchDetector(onSwitch, { delayMs: 2000, timers: fakeTimers });
    detector.away();
    vi.advanceTimersByTime(800);
    detector.back();
    vi.advanceTimersByTime(5000);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('counts one switch for blur and hidden of the same time away, and again for the next one', () => {
    const onSwitch = vi.fn();
    const detector = createSwitchDetector(onSwitch, { delayMs: 2000, timers: fakeTimers });
    detector.away();
    detector.away();
    vi.advanceTimersByTime(10_000);
    detector.back();
    detector.back();
    detector.away();
    vi.advanceTimersByTime(2000);
    expect(onSwitch).toHaveBeenCalledTimes(2);
  });

  it('does not count the file picker the candidate opened to add a picture', () => {
    const onSwitch = vi.fn();
    const detector = createSwitchDetector(onSwitch, { delayMs: 2000, timers: fakeTimers });
    detector.expectAway();
    detector.away();
    vi.advanceTimersByTime(30_000);
    detector.back();
    detector.away();
    vi.advanceTimersByTime(2000);
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });

  it('stops counting once disposed', () => {
    const onSwitch = vi.fn();
    const detector = createSwitchDetector(onSwitch, { delayMs: 2000, timers: fakeTimers });
    detector.away();
    detector.dispose();
    vi.advanceTimersByTime(5000);
    expect(onSwitch).not.toHaveBeenCalled();
  });
});
