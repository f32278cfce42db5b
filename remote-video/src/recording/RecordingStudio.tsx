import type { TestDefinition } from '@assessment/core';
import { handFocusOver } from '@assessment/react';
import { useEffect, useRef } from 'react';
import { LivePreview } from '../camera/LivePreview.tsx';
import { MicrophoneLevel } from '../microphone/MicrophoneLevel.tsx';
import { CannotRecordNotice } from './CannotRecordNotice.tsx';
import type { Recorder } from './hooks/useRecorder.ts';
import { formatClock, recordLimitMinutes } from './lib/clock.ts';
import { ONLY_THIS_PAGE_HOLDS, type Take } from './lib/take.ts';
import { RecordButton } from './RecordButton.tsx';
import { RecordingPrompt } from './RecordingPrompt.tsx';
import { TakePlayback } from './TakePlayback.tsx';

interface Props {
  test: TestDefinition;
  stream: MediaStream | null;
  recorder: Recorder;
  take: Take | null;
  onRetry(): void;
  onSubmit(take: Take): void;
  onChangeCamera(): void;
  onContinueWithoutVideo(): void;
}

function statusText(recorder: Recorder, take: Take | null, limitMinutes: number, cameraOn: boolean): string {
  if (recorder.failure) return recorder.failure;
  if (recorder.status === 'recording') return 'Recording started. Select Recording to stop.';
  if (recorder.status === 'saving') return 'Recording stopped. Saving your recording…';
  if (take) {
    const ending = recorder.stoppedAtLimit
      ? `Your recording reached the ${limitMinutes}-minute limit and stopped.`
      : `Recording stopped. Your recording is ready (${formatClock(take.durationMs)}).`;
    const keep = recorder.keptInBrowser ? '' : ` ${ONLY_THIS_PAGE_HOLDS}`;
    return `${ending} Play it back, then select Submit to send it, or Retry to record again.${keep}`;
  }
  return cameraOn ? 'Select Record when you are ready.' : 'Your camera is off. Select Change camera or microphone.';
}

/** The recording view: what to say, the live picture, Record / Recording / Retry, the time, and Submit. */
export function RecordingStudio({
  test,
  stream,
  recorder,
  take,
  onRetry,
  onSubmit,
  onChangeCamera,
  onContinueWithoutVideo,
}: Props) {
  const limitMs = test.recordTimeInSeconds * 1000;
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = recorder.status !== 'idle';
  const shownTake = busy ? null : take;
  const recordButton = useRef<HTMLButtonElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const hadTake = useRef(shownTake !== null);

  // Arriving by Record Now, the take has already started: focus lands on Recording, which stops
  // it. Otherwise it lands on the view's heading, so keyboard and screen reader users follow along,
  // unless the take could not start: then the notice offering the way on has taken it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the view opens, not each state after it
  useEffect(() => {
    if (recorder.failure) return;
    (busy ? recordButton.current : heading.current)?.focus();
  }, []);

  // Record, Recording, then the take: when a take appears in place of the live picture, focus
  // follows from the record button to the take's Play button, so it can be watched at once.
  useEffect(() => {
    const hasTake = shownTake !== null;
    if (hasTake && !hadTake.current) handFocusOver(recordButton.current, playButton.current);
    hadTake.current = hasTake;
  }, [shownTake]);

  return (
    <section className="video-studio" aria-labelledby="video-studio-title">
      <h2 id="video-studio-title" ref={heading} tabIndex={-1}>
        Record your introduction
      </h2>
      <div className="video-studio-grid">
        <div className="video-stage">
          {shownTake ? (
            <TakePlayback take={shownTake} playButtonRef={playButton} />
          ) : (
            <LivePreview
              stream={stream}
              recording={recorder.status === 'recording'}
              label={
                recorder.status === 'recording' ? 'Camera picture, being recorded' : 'Camera preview, not recorded'
              }
            />
          )}
          <div className="video-controls">
            <RecordButton
              status={recorder.status}
              hasTake={shownTake !== null}
              canRecord={stream !== null}
              onRecord={recorder.start}
              onStop={recorder.stop}
              onRetry={onRetry}
              buttonRef={recordButton}
            />
            <p className="video-clock">
              <span className="visually-hidden">Recorded time </span>
              <span role="timer" className="video-clock-elapsed">
                {formatClock(shownTake ? shownTake.durationMs : recorder.elapsedMs)}
              </span>{' '}
              / {formatClock(limitMs)}
            </p>
            <button
              type="button"
              className="button button-primary video-submit"
              disabled={!shownTake}
              onClick={() => shownTake && onSubmit(shownTake)}
            >
              Submit
            </button>
          </div>
          <MicrophoneLevel stream={shownTake ? null : stream} />
          <p className="video-studio-status" role="status">
            {statusText(recorder, shownTake, recordLimitMinutes(test.recordTimeInSeconds), stream !== null)}
          </p>
          {recorder.failure && (
            <CannotRecordNotice companyName={test.companyName} onContinue={onContinueWithoutVideo} />
          )}
        </div>
        <RecordingPrompt test={test} />
      </div>
      <button type="button" className="button video-change-camera" disabled={busy} onClick={onChangeCamera}>
        Change camera or microphone
      </button>
    </section>
  );
}
