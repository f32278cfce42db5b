import { useEffect, useState } from 'react';
import { heard, meterValue, soundLevel, startListening } from '../lib/sound-level.ts';

/** Often enough for the meter to follow a voice, rarely enough to cost nothing. */
const READ_EVERY_MS = 100;

export interface MicrophoneReading {
  /** 0 to 1, as the meter shows it. */
  level: number;
  /** No sound for the warning time (SILENCE_WARNING_MS). */
  silent: boolean;
}

/**
 * Listens to the stream's microphone through the Web Audio API (an `AnalyserNode`: nothing is
 * recorded or sent), and reads its level ten times a second. Null without a microphone.
 */
export function useMicrophoneLevel(stream: MediaStream | null): MicrophoneReading | null {
  const [reading, setReading] = useState<MicrophoneReading | null>(null);

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') {
      setReading(null);
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    // Opened after the candidate's own click, the context may still start suspended.
    context.resume().catch((error: unknown) => console.warn('The microphone level cannot be read', error));
    const samples = new Uint8Array(analyser.fftSize);
    let watch = startListening(Date.now());
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const level = soundLevel(samples);
      watch = heard(watch, level, Date.now());
      setReading({ level: Math.round(meterValue(level) * 100) / 100, silent: watch.silent });
    }, READ_EVERY_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream]);

  return reading;
}
