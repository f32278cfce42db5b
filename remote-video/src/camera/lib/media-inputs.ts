/** A camera or microphone as the candidate picks it. */
export interface InputOption {
  /** Empty before camera access is granted: the browser hides device ids until then. */
  deviceId: string;
  label: string;
}

export interface MediaInputs {
  cameras: InputOption[];
  microphones: InputOption[];
}

/** The cameras and microphones of `enumerateDevices`, named even before the browser reveals their labels. */
export function listMediaInputs(devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]): MediaInputs {
  const named = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((device) => device.kind === kind)
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label.trim() || `${fallback} ${index + 1}`,
      }));
  return { cameras: named('videoinput', 'Camera'), microphones: named('audioinput', 'Microphone') };
}

export interface StreamChoice {
  cameraId?: string | null;
  microphoneId?: string | null;
}

export interface OpenedStream {
  stream: MediaStream;
  withSound: boolean;
}

/**
 * Opens the chosen camera with the chosen (or default) microphone. A spoken introduction needs
 * sound, but a missing or refused microphone must not cost the candidate the video: then the
 * camera alone is opened. When the camera fails too, its own error is the one that explains why.
 */
export async function openCameraStream(
  mediaDevices: Partial<Pick<MediaDevices, 'getUserMedia'>> | undefined,
  choice: StreamChoice,
): Promise<OpenedStream> {
  if (typeof mediaDevices?.getUserMedia !== 'function') {
    throw new DOMException('This browser cannot open a camera on this page', 'NotSupportedError');
  }
  const video: MediaTrackConstraints = {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
  };
  const audio: MediaTrackConstraints | boolean = choice.microphoneId
    ? { deviceId: { exact: choice.microphoneId } }
    : true;
  try {
    return { stream: await mediaDevices.getUserMedia({ video, audio }), withSound: true };
  } catch (withSoundError) {
    console.warn('Camera with microphone failed; trying the camera alone', withSoundError);
    return { stream: await mediaDevices.getUserMedia({ video }), withSound: false };
  }
}
