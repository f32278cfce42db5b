import type { SessionRef } from '@assessment/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Take } from '../../recording/lib/take.ts';
import { type UploadState, VideoSender } from '../lib/video-sender.ts';

export type { UploadState };

export interface VideoUpload {
  state: UploadState;
  /** `keptInBrowser`: whether this browser's storage holds the take, or only this page does. */
  start(take: Take, keptInBrowser: boolean): void;
  retryNow(): void;
  /** Back to no upload, for a candidate who records again after a refusal. */
  reset(): void;
  /** Keeps sending after this section closes, for a candidate who goes on while sending fails. */
  carryOn(): void;
}

/**
 * Senders left sending when their section closed, by session. The page stays open on the next
 * section, so the take can still arrive (a received video outranks the skip:
 * api/src/admin/session-view.ts); a candidate who comes back gets the same sender, never a second
 * one sending the same take.
 */
const carriedOn = new Map<string, VideoSender>();

const unseen = () => undefined;

/** The upload of the submitted take, its progress, and a prompt retry when the browser is back online. */
export function useVideoUpload(session: SessionRef, onSent: () => void): VideoUpload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const latestOnSent = useRef(onSent);
  latestOnSent.current = onSent;
  const carryingOn = useRef(false);
  const { sessionId } = session;
  const [sender] = useState(() => carriedOn.get(sessionId) ?? new VideoSender(session, setState, onSent));

  useEffect(() => {
    carriedOn.delete(sessionId);
    carryingOn.current = false;
    sender.listen(setState, () => latestOnSent.current());
    const backOnline = () => {
      if (sender.isWaiting()) sender.retryNow();
    };
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('online', backOnline);
      if (carryingOn.current) {
        // Nothing on screen to report to; a take that arrives still counts as sent for this session.
        sender.listen(unseen, latestOnSent.current);
        carriedOn.set(sessionId, sender);
      } else {
        sender.stop();
      }
    };
  }, [sender, sessionId]);

  const start = useCallback((take: Take, keptInBrowser: boolean) => sender.send(take, keptInBrowser), [sender]);
  const retryNow = useCallback(() => sender.retryNow(), [sender]);
  const reset = useCallback(() => {
    sender.stop();
    setState({ phase: 'idle' });
  }, [sender]);
  const carryOn = useCallback(() => {
    carryingOn.current = true;
  }, []);

  return { state, start, retryNow, reset, carryOn };
}
