import type { SessionRef, TestDefinition } from '@assessment/core';
import { useEffect, useRef } from 'react';
import { CameraList } from './CameraList.tsx';
import type { Camera } from './hooks/useCamera.ts';
import { type DeviceCheck, useDeviceCheck } from './hooks/useDeviceCheck.ts';
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
    ? 'Camera check passed and your camera is on.'
    : 'Camera check passed. Select Request Camera Access to turn your camera on.';
}

/** Choosing and testing the camera, with honest help and a way on for a candidate without one. */
export function CameraSetup({ test, session, camera, onRecordNow, onContinueWithoutVideo }: Props) {
  const check = useDeviceCheck(session, test.companyName, camera.problem);
  const cameraOn = camera.stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
  const canRecord = check.status === 'passed' && cameraOn;
  const askedOnce = useRef(false);

  useEffect(() => {
    if (askedOnce.current || camera.stream) return;
    askedOnce.current = true;
    notices.askForCameraAccess();
  }, [camera.stream]);

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
          disabled={camera.connecting}
          onChoose={camera.chooseCamera}
        />
        {camera.stream && (
          <MicrophonePicker
            microphones={camera.inputs.microphones}
            selectedId={camera.microphoneId}
            withSound={camera.withSound}
            disabled={camera.connecting}
            onChoose={camera.chooseMicrophone}
          />
        )}
        <LivePreview stream={camera.stream} label="Camera preview. Nothing is recorded here." />
        <p className="video-check" role="status">
          {checkStatus(check, cameraOn)}
        </p>
        <div className="video-actions">
          <button type="button" className="button" onClick={camera.requestAccess} disabled={camera.connecting}>
            Request Camera Access
          </button>
          {canRecord && (
            <button type="button" className="button button-primary" onClick={onRecordNow}>
              Record Now
            </button>
          )}
        </div>
      </section>
      <div className="video-help">
        <WebcamTips />
        <ProblemBanner problems={problems} />
        {noWorkingCamera && (
          <NoCameraNotice companyName={test.companyName} onContinue={() => onContinueWithoutVideo(skipReason)} />
        )}
      </div>
    </div>
  );
}
