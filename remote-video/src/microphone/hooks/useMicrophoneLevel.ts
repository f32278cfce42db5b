import { useEffect, useState } from 'react';
import { heard, meterValue, soundLevel, startListening } from '../lib/sound-level.ts';

/**
 * The analyser holds the last 1,024 samples, 21 ms at 48 kHz: read that often, no sound between
 * two reads is missed (a short one, a plosive or the fake device's beep, fell between reads 100 ms
 * apart). The meter shows the loudest read of each 100 ms: often enough to follow a voice.
 */
const READ_EVERY_MS = 20;
const READS_PER_SHOWN = 5;

export interface MicrophoneReading {
  /** 0 to 1, as the meter shows it. */
  level: number;
  /** No sound for the warning time (SILENCE_WARNING_MS). */
  silent: boolean;
}

/** Before the first reading: the meter is on screen at once, so nothing below it moves later. */
const BEFORE_FIRST_READING: MicrophoneReading = { level: 0, silent: false };

/**
 * Listens to the stream's microphone through the Web Audio API (an `AnalyserNode`: nothing is
 * recorded or sent), and shows its level ten times a second. Null without a microphone.
 */
export function useMicrophoneLevel(stream: MediaStream | null): MicrophoneReading | null {
  const [reading, setReading] = useState<MicrophoneReading>(BEFORE_FIRST_READING);
  const listening = stream !== null && stream.getAudioTracks().length > 0 && typeof AudioContext !== 'undefined';

  useEffect(() => {
    setReading(BEFORE_FIRST_READING);
    if (!listening || !stream) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    // Opened after the candidate's own click, the context may still start suspended.
    context.resume().catch((error: unknown) => console.warn('The microphone level cannot be read', error));
    const samples = new Uint8Array(analyser.fftSize);
    let watch = startListening(Date.now());
    let loudest = 0;
    let reads = 0;
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const level = soundLevel(samples);
      watch = heard(watch, level, Date.now());
      loudest = Math.max(loudest, level);
      reads += 1;
      if (reads < READS_PER_SHOWN) return;
      setReading({ level: Math.round(meterValue(loudest) * 100) / 100, silent: watch.silent });
      loudest = 0;
      reads = 0;
    }, READ_EVERY_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream, listening]);

  return listening ? reading : null;
}
