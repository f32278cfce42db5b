/**
 * How loud the microphone is, from an `AnalyserNode`'s time-domain bytes (128 is silence), and
 * whether it has been silent long enough to say so. Plain functions: the hook only feeds them.
 */

/** Below this level (0 to 1) nothing is heard: the hiss of a muted or unplugged microphone. */
export const SILENCE_LEVEL = 0.01;

/** After this long without sound the candidate is told (issue 26: a muted microphone shows only on playback). */
export const SILENCE_WARNING_MS = 5000;

/** The root mean square of the samples, 0 (silence) to 1 (full scale). */
export function soundLevel(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const centred = (sample - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length));
}

/** The meter's reading: quiet speech is well under full scale, so the level is scaled up to be seen. */
export function meterValue(level: number): number {
  return Math.min(1, level * 4);
}

export interface SilenceWatch {
  /** When sound was last heard, or when listening began. */
  lastHeardAt: number;
  silent: boolean;
}

export function startListening(now: number): SilenceWatch {
  return { lastHeardAt: now, silent: false };
}

/** The watch after one reading: any sound resets it; silence longer than the warning time sets it. */
export function heard(watch: SilenceWatch, level: number, now: number): SilenceWatch {
  if (level >= SILENCE_LEVEL) return { lastHeardAt: now, silent: false };
  const silent = now - watch.lastHeardAt >= SILENCE_WARNING_MS;
  return silent === watch.silent ? watch : { ...watch, silent };
}
