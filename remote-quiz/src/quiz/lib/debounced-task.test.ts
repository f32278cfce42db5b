import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedTask, type Timers } from './debounced-task.ts';

const fakeTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

describe('debounced save', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after a pause in typing', () => {
    const run = vi.fn();
    const task = createDebouncedTask(run, { waitMs: 400, maxWaitMs: 2000, timers: fakeTimers });
    task.schedule();
    vi.advanceTimersByTime(300);
    task.schedule();
    vi.advanceTimersByTime(300);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(task.pending()).toBe(false);
  });

  it('still runs every maxWait while typing never pauses', () => {
    const run = vi.fn();
    const task = createDebouncedTask(run, { waitMs: 400, maxWaitMs: 2000, timers: fakeTimers });
    for (let elapsed = 0; elapsed < 4100; elapsed += 100) {
      task.schedule();
      vi.advanceTimersByTime(100);
    }
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('flush runs a waiting save at once, and does nothing when none waits', () => {
    const run = vi.fn();
    const task = createDebouncedTask(run, { waitMs: 400, maxWaitMs: 2000, timers: fakeTimers });
    task.flush();
    expect(run).not.toHaveBeenCalled();
    task.schedule();
    task.flush();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
