import type { SessionRef, TestDefinition } from '@assessment/core';
import { handFocusOver } from '@assessment/react';
import { useEffect, useRef } from 'react';
import { MicrophoneLevel } from '../microphone/MicrophoneLevel.tsx';
import { RecordingPrompt } from '../recording/RecordingPrompt.tsx';
import { CameraList } from './CameraList.tsx';
import type { Camera } from './hooks/useCamera.ts';
import { type DeviceCheck, useDeviceCheck } from './hooks/useDeviceCheck.ts';
import { useNoticesEndWithSetup } from './hooks/useNoticesEndWithSetup.ts';
import { LivePreview } from './LivePreview.tsx';
import { SKIP_REASONS } from './lib/camera-errors.ts';
import { explainFailedCheck } from './lib/check-explanation.ts';
import { MESSAGES } from './lib/messages.ts';
import { notices } from './lib/notices.ts';
import { MicrophonePicker } from './MicrophonePicker.tsx';
import { NoCameraNotice } from './NoCameraNotice.tsx';
import { type Problem, ProblemBanner } from './ProblemBanner.tsx';
import { WebcamTips } from './WebcamTips.tsx';

interface Props {
  test: TestDefinition;
  session: SessionRef;
  camera: Camera;
  onRecordNow(): void;
  onContinueWithoutVideo(reason: string): void;
}

function checkStatus(check: DeviceCheck, cameraOn: boolean): string {
  if (check.status === 'checking') return 'Checking your camera…';
  if (check.status === 'failed') return 'The camera check did not pass. It runs again every 2 seconds.';
  return cameraOn
    ? 'Camera check passed and your camera is on. Record Now starts your recording at once.'
    : 'Camera check passed. Select Request Camera Access to turn your camera on.';
}

/** Choosing and testing the camera, with honest help and a way on for a candidate without one. */
export function CameraSetup({ test, session, camera, onRecordNow, onContinueWithoutVideo }: Props) {
  const check = useDeviceCheck(session, test.companyName, camera.problem);
  const cameraOn = camera.stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
  const canRecord = check.status === 'passed' && cameraOn;
  const askedOnce = useRef(false);
  const requestButton = useRef<HTMLButtonElement>(null);
  const recordNowButton = useRef<HTMLButtonElement>(null);
  const cameraInUse = useRef<HTMLButtonElement>(null);
  const accessRequested = useRef(false);
  useNoticesEndWithSetup();

  useEffect(() => {
    if (askedOnce.current || camera.stream) return;
    askedOnce.current = true;
    notices.askForCameraAccess();
  }, [camera.stream]);

  // Once the camera asked for is on, Request Camera Access leaves the screen and focus moves to the
  // next step: Record Now, or the camera in use while the check has not passed yet. When it fails,
  // focus stays on the button and the alert below says why.
  useEffect(() => {
    if (!accessRequested.current || camera.connecting) return;
    accessRequested.current = false;
    if (cameraOn) handFocusOver(requestButton.current, recordNowButton.current ?? cameraInUse.current);
  }, [camera.connecting, cameraOn]);

  const problems: Problem[] = [];
  if (camera.inputsUnreadable) {
    problems.push({
      message: MESSAGES.fetchDevices,
      help: ['The browser could not list the cameras. Reload the page, or see the tips above.'],
    });
  }
  if (check.status === 'failed') {
    problems.push({ message: MESSAGES.deviceCheck, help: [...explainFailedCheck(check.facts), 'See the tips above.'] });
  }
  if (camera.problem) problems.push({ message: camera.problem.message, help: [camera.problem.hint] });

  const cameraFailed = camera.problem !== null && !cameraOn;
  const noWorkingCamera = check.status === 'failed' || cameraFailed;
  const skipReason =
    cameraFailed && camera.problem ? SKIP_REASONS[camera.problem.kind] : SKIP_REASONS['device-check-failed'];

  return (
    <div className="video-setup">
      <section className="video-panel" aria-labelledby="video-setup-title">
        <h2 id="video-setup-title">Camera setup</h2>
        <CameraList
          cameras={camera.inputs.cameras}
          selectedId={camera.cameraId}
          busy={camera.connecting}
          onChoose={camera.chooseCamera}
          inUseRef={cameraInUse}
        />
        {camera.stream && (
          <MicrophonePicker
            microphones={camera.inputs.microphones}
            selectedId={camera.microphoneId}
            withSound={camera.withSound}
            busy={camera.connecting}
            onChoose={camera.chooseMicrophone}
          />
        )}
        <MicrophoneLevel stream={camera.withSound ? camera.stream : null} />
        <LivePreview stream={camera.stream} label="Camera preview. Nothing is recorded here." />
        <p className="video-check" role="status">
          {checkStatus(check, cameraOn)}
        </p>
        <div className="video-actions">
          {/* Only while there is no picture: once the camera is on there is nothing left to request. */}
          {!cameraOn && (
            // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
            <button
              ref={requestButton}
              type="button"
              className="button"
              aria-disabled={camera.connecting}
              onClick={() => {
                if (camera.connecting) return;
                accessRequested.current = true;
                camera.requestAccess();
              }}
            >
              Request Camera Access
            </button>
          )}
          {canRecord && (
            <button ref={recordNowButton} type="button" className="button button-primary" onClick={onRecordNow}>
              Record Now
            </button>
          )}
        </div>
      </section>
      <div className="video-help">
        {/* The tips help until the camera works; a problem later brings them back. */}
        {(!cameraOn || problems.length > 0) && <WebcamTips />}
        {/* Read before the one click that starts the take, since Record Now records at once. */}
        {canRecord && <RecordingPrompt test={test} />}
        <ProblemBanner problems={problems} />
        {noWorkingCamera && (
          <NoCameraNotice companyName={test.companyName} onContinue={() => onContinueWithoutVideo(skipReason)} />
        )}
      </div>
    </div>
  );
}
