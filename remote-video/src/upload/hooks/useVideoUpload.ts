import type { SessionRef } from '@assessment/core';
import { reportBackgroundSending } from '@assessment/react/background-sending';
import { warnBeforeLeaving } from '@assessment/react/leave-warning';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Take } from '../../recording/lib/take.ts';
import { backgroundReport } from '../lib/background-report.ts';
import { leavingLosesTake } from '../lib/leave-warning.ts';
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

interface CarriedOn {
  sender: VideoSender;
  /** Stops what was kept up while the section was closed: the leave warning and the report to the next sections. */
  endOffScreen(): void;
}

/**
 * Senders left sending when their section closed, by session. The page stays open on the next
 * section, so the take can still arrive (a received video outranks the skip:
 * api/src/admin/session-view.ts); a candidate who comes back gets the same sender, never a second
 * one sending the same take.
 */
const carriedOn = new Map<string, CarriedOn>();

/**
 * Reports of a sender whose section has closed: nothing on screen shows them, but while the take is
 * only in this page and not yet sent, leaving the next section still asks first (`leavingLosesTake`),
 * and the next sections hear how sending goes (`backgroundReport`), so that the end of the
 * assessment claims no success while the take is on its way.
 */
function offScreen(sessionId: string, shown: UploadState): { follow(state: UploadState): void; end(): void } {
  let endWarning: (() => void) | undefined;
  const follow = (state: UploadState) => {
    reportBackgroundSending(sessionId, backgroundReport(state));
    const warn = leavingLosesTake(null, state);
    if (warn && !endWarning) endWarning = warnBeforeLeaving();
    if (!warn && endWarning) {
      endWarning();
      endWarning = undefined;
    }
  };
  follow(shown);
  return { follow, end: () => follow({ phase: 'idle' }) };
}

/** The upload of the submitted take, its progress, and a prompt retry when the browser is back online. */
export function useVideoUpload(session: SessionRef, onSent: () => void): VideoUpload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const latestState = useRef(state);
  latestState.current = state;
  const latestOnSent = useRef(onSent);
  latestOnSent.current = onSent;
  const carryingOn = useRef(false);
  const { sessionId } = session;
  const [sender] = useState(() => carriedOn.get(sessionId)?.sender ?? new VideoSender(session, setState, onSent));

  useEffect(() => {
    // The section shows nothing of a sender it gets back until that sender next reports, so what
    // was kept up off screen lasts until then; the section's own (useLeaveWarning) follows on.
    const handedBack = carriedOn.get(sessionId);
    carriedOn.delete(sessionId);
    carryingOn.current = false;
    sender.listen(
      (next) => {
        handedBack?.endOffScreen();
        setState(next);
      },
      () => latestOnSent.current(),
    );
    const backOnline = () => {
      if (sender.isWaiting()) sender.retryNow();
    };
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('online', backOnline);
      handedBack?.endOffScreen();
      // A take only this page holds goes on too when the section closes another way (Back within
      // the product asks nothing, as only leaving the page does): stopping would lose it.
      if (carryingOn.current || leavingLosesTake(null, latestState.current)) {
        // A take that arrives still counts as sent for this session.
        const reports = offScreen(sessionId, latestState.current);
        sender.listen(reports.follow, latestOnSent.current);
        carriedOn.set(sessionId, { sender, endOffScreen: reports.end });
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
