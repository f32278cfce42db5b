import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostilePause } from './hostile-pause.ts';

describe('createHostilePause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('ends each pause after its time, not before', async () => {
    const pause = createHostilePause(1000, 4);
    const waiting = pause.wait();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('sends a refusal at once when as many already wait, and pauses again once one has gone', async () => {
    const pause = createHostilePause(1000, 2);
    const first = pause.wait();
    const second = pause.wait();
    expect(await settled(pause.wait())).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    expect(await settled(pause.wait())).toBe(false);
  });

  it('ends every pause when the server closes', async () => {
    const pause = createHostilePause(60_000, 8);
    const waits = [pause.wait(), pause.wait(), pause.wait()];
    pause.releaseAll();
    expect(await Promise.all(waits.map(settled))).toEqual([true, true, true]);
  });
});
