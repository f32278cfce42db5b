import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_HINTS, type CameraProblemKind, cameraProblemKind } from '../lib/camera-errors.ts';
import { listMediaInputs, type MediaInputs, openCameraStream, type StreamChoice } from '../lib/media-inputs.ts';
import { CAMERA_STOPPED, MESSAGES } from '../lib/messages.ts';
import { notices } from '../lib/notices.ts';

export interface CameraProblem {
  message: string;
  hint: string;
  kind: CameraProblemKind;
}

export interface Camera {
  inputs: MediaInputs;
  /** The device list could not be read (`Error fetching devices.`). */
  inputsUnreadable: boolean;
  stream: MediaStream | null;
  withSound: boolean;
  cameraId: string | null;
  microphoneId: string | null;
  problem: CameraProblem | null;
  connecting: boolean;
  /** `Request Camera Access`: the first request, or a new one after a failure. */
  requestAccess(): void;
  chooseCamera(deviceId: string): void;
  chooseMicrophone(deviceId: string): void;
  /** Turns the camera off (after Submit, so its light goes out). */
  release(): void;
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The candidate's camera and microphone: the device lists, the open stream, and what went wrong. */
export function useCamera(): Camera {
  const [inputs, setInputs] = useState<MediaInputs>({ cameras: [], microphones: [] });
  const [inputsUnreadable, setInputsUnreadable] = useState(false);
  const [opened, setOpened] = useState<{ stream: MediaStream; withSound: boolean } | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [connecting, setConnecting] = useState(false);
  const current = useRef<MediaStream | null>(null);

  const refreshInputs = useCallback(async () => {
    try {
      if (!navigator.mediaDevices?.enumerateDevices) throw new Error('navigator.mediaDevices is not available');
      setInputs(listMediaInputs(await navigator.mediaDevices.enumerateDevices()));
      setInputsUnreadable(false);
    } catch (error) {
      console.error('Could not list the cameras and microphones', error);
      setInputsUnreadable(true);
      notices.devicesUnreadable();
    }
  }, []);

  useEffect(() => {
    void refreshInputs();
    const mediaDevices = navigator.mediaDevices;
    mediaDevices?.addEventListener('devicechange', refreshInputs);
    return () => {
      mediaDevices?.removeEventListener('devicechange', refreshInputs);
      stopTracks(current.current);
      current.current = null;
    };
  }, [refreshInputs]);

  const connect = useCallback(
    async (choice: StreamChoice, failureMessage: string) => {
      setConnecting(true);
      try {
        const next = await openCameraStream(navigator.mediaDevices, choice);
        // Only now: when the new choice fails, the camera that worked stays on.
        stopTracks(current.current);
        current.current = next.stream;
        setOpened(next);
        setProblem(null);
        const video = next.stream.getVideoTracks()[0];
        video?.addEventListener('ended', () => {
          if (current.current !== next.stream) return;
          current.current = null;
          setOpened(null);
          setProblem({ message: CAMERA_STOPPED, hint: CAMERA_HINTS['camera-busy'], kind: 'camera-busy' });
          void refreshInputs();
        });
        await refreshInputs();
        notices.cameraConnected(video?.label || 'Your camera');
      } catch (error) {
        console.error('Could not open the camera', error);
        const kind = cameraProblemKind(error);
        setProblem({ message: failureMessage, hint: CAMERA_HINTS[kind], kind });
        notices.cameraFailed(failureMessage);
      } finally {
        setConnecting(false);
      }
    },
    [refreshInputs],
  );

  const settings = (kind: 'video' | 'audio') => {
    const track = kind === 'video' ? opened?.stream.getVideoTracks()[0] : opened?.stream.getAudioTracks()[0];
    return track?.getSettings().deviceId ?? null;
  };
  const cameraId = settings('video');
  const microphoneId = settings('audio');

  return {
    inputs,
    inputsUnreadable,
    stream: opened?.stream ?? null,
    withSound: opened?.withSound ?? false,
    cameraId,
    microphoneId,
    problem,
    connecting,
    requestAccess: () => void connect({ cameraId, microphoneId }, MESSAGES.firstAccess),
    chooseCamera: (deviceId) => void connect({ cameraId: deviceId || null, microphoneId }, MESSAGES.chosenDevice),
    chooseMicrophone: (deviceId) => void connect({ cameraId, microphoneId: deviceId || null }, MESSAGES.chosenDevice),
    release: () => {
      stopTracks(current.current);
      current.current = null;
      setOpened(null);
    },
  };
}
