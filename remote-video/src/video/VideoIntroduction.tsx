import type { SessionRef, TestDefinition } from '@assessment/core';
import { useEffect, useState } from 'react';
import { CameraSetup } from '../camera/CameraSetup.tsx';
import { useCamera } from '../camera/hooks/useCamera.ts';
import { SKIP_REASONS } from '../camera/lib/camera-errors.ts';
import { EarlierRecording } from '../recording/EarlierRecording.tsx';
import { useEarlierTake } from '../recording/hooks/useEarlierTake.ts';
import { useRecorder } from '../recording/hooks/useRecorder.ts';
import type { Take } from '../recording/lib/take.ts';
import { RecordingStudio } from '../recording/RecordingStudio.tsx';
import { useLeaveWarning } from '../upload/hooks/useLeaveWarning.ts';
import { useVideoUpload } from '../upload/hooks/useVideoUpload.ts';
import { UploadPanel } from '../upload/UploadPanel.tsx';

interface Props {
  test: TestDefinition;
  session: SessionRef;
  onSent(): void;
  onContinueWithoutVideo(reason: string): void;
}

/**
 * The steps of the section: a recording left from before (offered back), the camera setup, the
 * recording itself, and sending it. The camera, the recorder and the finished take live here, so
 * moving between the steps loses none of them, and Record Now can start the take with the click
 * that opens the recording view (issue 26: one click records once the camera works).
 */
export function VideoIntroduction({ test, session, onSent, onContinueWithoutVideo }: Props) {
  const earlier = useEarlierTake(session.sessionId);
  const camera = useCamera();
  const upload = useVideoUpload(session, onSent);
  const [step, setStep] = useState<'earlier' | 'setup' | 'studio'>('earlier');
  const [take, setTake] = useState<Take | null>(null);
  const recorder = useRecorder({
    stream: camera.stream,
    session,
    limitMs: test.recordTimeInSeconds * 1000,
    onTake: setTake,
  });
  const { start: startUpload } = upload;
  const offeredBack = step === 'earlier' && earlier.status === 'found' ? earlier : null;
  const unsent =
    take !== null || recorder.status !== 'idle'
      ? { keptInBrowser: recorder.keptInBrowser }
      : offeredBack && { keptInBrowser: offeredBack.keptInBrowser };
  useLeaveWarning(unsent, upload.state);

  // A take submitted before a reload or a crash goes on uploading by itself, from where it stopped.
  useEffect(() => {
    if (earlier.status === 'found' && earlier.take.submitted) startUpload(earlier.take, earlier.keptInBrowser);
  }, [earlier, startUpload]);

  const submit = (submitted: Take, keptInBrowser: boolean) => {
    camera.release();
    startUpload(submitted, keptInBrowser);
  };

  // A take already made stays on screen after a change of camera: only a new start records over it.
  const recordNow = () => {
    if (take === null) recorder.start();
    setStep('studio');
  };

  const recordAgain = () => {
    upload.reset();
    setTake(null);
    setStep('setup');
  };

  if (earlier.status === 'looking') {
    return (
      <p className="video-looking" role="status">
        Checking this browser for a recording you made earlier…
      </p>
    );
  }
  if (upload.state.phase !== 'idle') {
    return (
      <UploadPanel
        state={upload.state}
        companyName={test.companyName}
        onRetryNow={upload.retryNow}
        onRecordAgain={recordAgain}
        onContinueWithoutVideo={() => onContinueWithoutVideo(SKIP_REASONS['upload-refused'])}
        onContinueWhileFailing={() => {
          upload.carryOn();
          onContinueWithoutVideo(SKIP_REASONS['upload-failing']);
        }}
      />
    );
  }
  if (step === 'earlier' && earlier.status === 'found') {
    return (
      <EarlierRecording
        take={earlier.take}
        keptInBrowser={earlier.keptInBrowser}
        onSubmit={() => submit(earlier.take, earlier.keptInBrowser)}
        onRecordAgain={recordAgain}
      />
    );
  }
  if (step === 'studio') {
    return (
      <RecordingStudio
        test={test}
        stream={camera.stream}
        recorder={recorder}
        take={take}
        onRetry={() => setTake(null)}
        onSubmit={(recorded) => submit(recorded, recorder.keptInBrowser)}
        onChangeCamera={() => setStep('setup')}
        onContinueWithoutVideo={() => onContinueWithoutVideo(SKIP_REASONS['recording-unavailable'])}
      />
    );
  }
  return (
    <CameraSetup
      test={test}
      session={session}
      camera={camera}
      onRecordNow={recordNow}
      onContinueWithoutVideo={onContinueWithoutVideo}
    />
  );
}
