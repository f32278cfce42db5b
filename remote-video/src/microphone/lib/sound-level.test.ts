import { describe, expect, it } from 'vitest';
import { heard, meterValue, SILENCE_WARNING_MS, soundLevel, startListening } from './sound-level.ts';

describe('sound level', () => {
  it('is 0 for silence and grows with the swing of the wave, up to 1', () => {
    expect(soundLevel(new Uint8Array(64).fill(128))).toBe(0);
    expect(soundLevel(new Uint8Array(0))).toBe(0);
    const quiet = Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 131 : 125));
    const loud = Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 200 : 56));
    expect(soundLevel(quiet)).toBeCloseTo(3 / 128, 5);
    expect(soundLevel(loud)).toBeGreaterThan(soundLevel(quiet));
    expect(soundLevel(Uint8Array.from({ length: 8 }, (_, i) => (i % 2 ? 255 : 0)))).toBeLessThanOrEqual(1);
  });

  it('reads on the meter scaled up, never past full', () => {
    expect(meterValue(0.1)).toBeCloseTo(0.4);
    expect(meterValue(0.5)).toBe(1);
  });
});

describe('silence watch', () => {
  it('says silent only after the warning time without sound, and forgets it at the first sound', () => {
    let watch = startListening(0);
    watch = heard(watch, 0, SILENCE_WARNING_MS - 1);
    expect(watch.silent).toBe(false);
    watch = heard(watch, 0, SILENCE_WARNING_MS);
    expect(watch.silent).toBe(true);
    watch = heard(watch, 0.2, SILENCE_WARNING_MS + 100);
    expect(watch).toEqual({ lastHeardAt: SILENCE_WARNING_MS + 100, silent: false });
    // Sound keeps pushing the deadline on.
    watch = heard(watch, 0, 2 * SILENCE_WARNING_MS);
    expect(watch.silent).toBe(false);
  });

  it('keeps the same object while nothing changes, so a component does not re-render for nothing', () => {
    const watch = startListening(0);
    expect(heard(watch, 0, 100)).toBe(watch);
  });
});
