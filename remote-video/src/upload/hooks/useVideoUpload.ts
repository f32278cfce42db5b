import type { SessionRef } from '@assessment/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Take } from '../../recording/lib/take.ts';
import { type UploadState, VideoSender } from '../lib/video-sender.ts';

export type { UploadState };

export interface VideoUpload {
  state: UploadState;
  start(take: Take): void;
  retryNow(): void;
  /** Back to no upload, for a candidate who records again after a refusal. */
  reset(): void;
}

/** The upload of the submitted take, its progress, and a prompt retry when the browser is back online. */
export function useVideoUpload(session: SessionRef, onSent: () => void): VideoUpload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const latestOnSent = useRef(onSent);
  latestOnSent.current = onSent;
  const [sender] = useState(() => new VideoSender(session, setState, () => latestOnSent.current()));

  useEffect(() => {
    const backOnline = () => {
      if (sender.isWaiting()) sender.retryNow();
    };
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('online', backOnline);
      sender.stop();
    };
  }, [sender]);

  const start = useCallback((take: Take) => sender.send(take), [sender]);
  const retryNow = useCallback(() => sender.retryNow(), [sender]);
  const reset = useCallback(() => {
    sender.stop();
    setState({ phase: 'idle' });
  }, [sender]);

  return { state, start, retryNow, reset };
}
