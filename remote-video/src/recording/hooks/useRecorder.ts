import { randomId, type SessionRef, storedTakeSession } from '@assessment/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildTakeBlob } from '../lib/finalize-take.ts';
import { recordingStore } from '../lib/recording-store.ts';
import { RECORDING_FAILED, startRecorder } from '../lib/start-recorder.ts';
import type { Take } from '../lib/take.ts';

const TICK_MS = 200;

export type RecorderStatus = 'idle' | 'recording' | 'saving';

interface Options {
  stream: MediaStream | null;
  session: SessionRef;
  limitMs: number;
  onTake(take: Take): void;
}

export interface Recorder {
  status: RecorderStatus;
  elapsedMs: number;
  /** The last take ended because it reached the time limit. */
  stoppedAtLimit: boolean;
  /** False when the browser would not keep a copy: the take then lives only in this page. */
  keptInBrowser: boolean;
  /** Why recording could not start, if it could not. */
  failure: string | null;
  start(): void;
  stop(): void;
}

/**
 * Records the stream with MediaRecorder. Every second's piece goes to IndexedDB as it arrives, so a
 * reload or a crash keeps what was recorded; on stop, the last piece is awaited, the duration is
 * written into the file, and the finished take replaces its pieces in storage.
 */
export function useRecorder({ stream, session, limitMs, onTake }: Options): Recorder {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [keptInBrowser, setKeptInBrowser] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const active = useRef<MediaRecorder | null>(null);
  const latest = useRef({ session, onTake, limitMs });
  latest.current = { session, onTake, limitMs };

  const stop = useCallback(() => {
    const recorder = active.current;
    if (!recorder || recorder.state === 'inactive') return;
    setStatus('saving');
    recorder.stop();
  }, []);

  const start = useCallback(() => {
    if (!stream || active.current) return;
    const owner = latest.current.session;
    // Looked up on `window`: where the browser has no MediaRecorder, the bare name would throw.
    const started = startRecorder(window.MediaRecorder, stream);
    if (!started.started) {
      console.error('MediaRecorder could not start', started.error);
      setFailure(RECORDING_FAILED);
      return;
    }
    // Its events come in later tasks, so the listeners added below miss none of them.
    const { recorder, requestedType } = started;

    const id = randomId();
    const createdAt = Date.now();
    const startedAt = performance.now();
    const elapsed = () => performance.now() - startedAt;
    const mimeType = recorder.mimeType || requestedType || 'video/webm';
    const parts: Blob[] = [];
    let sequence = 0;
    let kept = recordingStore.begin({ id, ...storedTakeSession(owner), mimeType, createdAt });

    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      parts.push(event.data);
      const chunk = { recordingId: id, seq: sequence, data: event.data, elapsedMs: elapsed() };
      sequence += 1;
      // In order, one after the other: a piece is only useful after the ones before it.
      kept = kept.then(async (allKept) => {
        const keptSoFar = (await recordingStore.addChunk(chunk)) && allKept;
        // Known at the first refused piece, not only when the take ends: from then on only this
        // page holds the take, and leaving it mid-recording would lose it (useLeaveWarning).
        if (!keptSoFar) setKeptInBrowser(false);
        return keptSoFar;
      });
    });

    const ticker = setInterval(() => {
      const ms = elapsed();
      setElapsedMs(ms);
      if (ms >= latest.current.limitMs) {
        setStoppedAtLimit(true);
        stop();
      }
    }, TICK_MS);

    // MediaRecorder fires the last `dataavailable` before `stop`, so every piece is in `parts` here.
    recorder.addEventListener(
      'stop',
      () => {
        clearInterval(ticker);
        const measuredMs = elapsed();
        active.current = null;
        void (async () => {
          const allKept = await kept;
          const recorded = await buildTakeBlob(parts, mimeType, measuredMs);
          const take: Take = {
            id,
            ...recorded,
            mimeType,
            createdAt,
            submitted: false,
            uploadUrl: null,
          };
          const finished = await recordingStore.finish(take, storedTakeSession(owner));
          setKeptInBrowser(allKept && finished);
          setElapsedMs(take.durationMs);
          setStatus('idle');
          latest.current.onTake(take);
        })();
      },
      { once: true },
    );

    active.current = recorder;
    setKeptInBrowser(true);
    setFailure(null);
    setStoppedAtLimit(false);
    setElapsedMs(0);
    setStatus('recording');
  }, [stream, stop]);

  // Asked before the first take: where the browser asks the candidate, it does not interrupt a recording.
  useEffect(() => {
    void navigator.storage?.persist?.().catch(() => false);
  }, []);

  // A camera that goes away (unplugged, taken by another app) ends the take with what was recorded.
  useEffect(() => {
    const tracks = stream?.getTracks() ?? [];
    for (const track of tracks) track.addEventListener('ended', stop);
    return () => {
      for (const track of tracks) track.removeEventListener('ended', stop);
    };
  }, [stream, stop]);

  // Leaving the page mid-take still finishes it: it is kept in the browser and offered back.
  useEffect(() => stop, [stop]);

  return { status, elapsedMs, stoppedAtLimit, keptInBrowser, failure, start, stop };
}
