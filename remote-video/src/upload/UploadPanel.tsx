import { handFocusOver, useFocusOnMount } from '@assessment/react';
import { useEffect, useRef } from 'react';
import { NoCameraNotice } from '../camera/NoCameraNotice.tsx';
import type { UploadState } from './hooks/useVideoUpload.ts';
import { progressAnnouncement } from './lib/progress-announcement.ts';
import { formatMegabytes, uploadPercent } from './lib/upload-policy.ts';

interface Props {
  state: Exclude<UploadState, { phase: 'idle' }>;
  companyName: string;
  onRetryNow(): void;
  onRecordAgain(): void;
  /** The file was refused: nothing is being sent any more. */
  onContinueWithoutVideo(): void;
  /** Sending keeps failing: the candidate goes on and the take goes on being sent. */
  onContinueWhileFailing(): void;
}

/**
 * Sending the take: real progress, what happens if the connection drops, and a way on if the file
 * is refused or sending keeps failing.
 */
export function UploadPanel({
  state,
  companyName,
  onRetryNow,
  onRecordAgain,
  onContinueWithoutVideo,
  onContinueWhileFailing,
}: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const retried = useRef(false);

  // Try again now goes with the problem it answers, and focus would fall to the page's start, far
  // from the way on below it: it stays in the panel instead. Only after that press, never on a
  // timer: a failure coming or going by itself does not move the candidate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of phase is when the button may have gone
  useEffect(() => {
    if (retried.current) handFocusOver(null, heading.current);
    retried.current = false;
  }, [state.phase]);

  return (
    <section className="video-panel video-upload" aria-labelledby="video-upload-title">
      <h2 id="video-upload-title" ref={heading} tabIndex={-1}>
        Sending your video
      </h2>
      {(state.phase === 'sending' || state.phase === 'waiting') && (
        <UploadProgress sent={state.sent} total={state.total} />
      )}
      <div role="status" className="video-upload-status">
        {state.phase === 'sending' &&
          (state.keptInBrowser ? (
            <p>
              Please keep this page open until your video is sent. If the page closes, sending continues from where it
              stopped when you open this section again.
            </p>
          ) : (
            <p>
              Please keep this page open until your video is sent. This browser could not keep a copy of it, so closing
              the page would lose it.
            </p>
          ))}
        {state.phase === 'sent' && <p>Your video has been sent.</p>}
      </div>
      <div role="alert" className="video-problems">
        {state.phase === 'waiting' && (
          <div className="video-problem">
            {state.serverAnswered ? (
              <>
                <p className="video-problem-message">The server could not take the video just now.</p>
                <p>{whileWaiting(state.keptInBrowser, 'in a moment')}</p>
              </>
            ) : (
              <>
                <p className="video-problem-message">The connection to the server was lost.</p>
                <p>{whileWaiting(state.keptInBrowser, 'when the connection is back')}</p>
              </>
            )}
            <button
              type="button"
              className="button"
              onClick={() => {
                retried.current = true;
                onRetryNow();
              }}
            >
              Try again now
            </button>
          </div>
        )}
        {(state.phase === 'sending' || state.phase === 'waiting') && state.wayOn && (
          <NoCameraNotice companyName={companyName} title="Sending keeps failing" onContinue={onContinueWhileFailing}>
            {state.keptInBrowser ? (
              <p>
                If you continue, your recording stays in this browser and sending goes on while this page is open. If it
                gets through, {companyName} receives your video.
              </p>
            ) : (
              <p>
                If you continue, sending goes on while this page is open. This browser could not keep a copy of your
                recording, so closing or reloading this page loses it. If it gets through, {companyName} receives your
                video.
              </p>
            )}
          </NoCameraNotice>
        )}
        {state.phase === 'refused' && (
          <div className="video-problem">
            <p className="video-problem-message">The server did not accept the video.</p>
            <p>{state.reason}</p>
            <p>You can record a new video, or continue without video.</p>
            <div className="video-actions">
              <button type="button" className="button button-primary" onClick={onRecordAgain}>
                Record again
              </button>
              <button type="button" className="button" onClick={onContinueWithoutVideo}>
                Continue without video
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

/** Where the video waits while sending is held up: in this browser's storage, or only in this open page. */
function whileWaiting(keptInBrowser: boolean, sendingResumes: string): string {
  return keptInBrowser
    ? `Your video is kept safe in this browser, and sending continues by itself ${sendingResumes}.`
    : `Your video is held only by this open page, so keep it open: sending continues by itself ${sendingResumes}.`;
}

function UploadProgress({ sent, total }: { sent: number; total: number }) {
  const percent = uploadPercent(sent, total);
  return (
    <div className="video-progress">
      <label htmlFor="video-upload-progress">Upload progress</label>
      <progress id="video-upload-progress" max={100} value={percent} />
      <p className="video-muted">
        {percent}% sent ({formatMegabytes(sent)} of {formatMegabytes(total)})
      </p>
      <p className="visually-hidden" role="status">
        {progressAnnouncement(percent)}
      </p>
    </div>
  );
}
