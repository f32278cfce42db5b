import type { VideoSkipReason } from '@assessment/core';

/**
 * What went wrong with the camera, from the error's name (the browsers agree on these names),
 * and the honest help for it.
 */
export type CameraProblemKind = 'permission-denied' | 'camera-busy' | 'no-camera' | 'camera-unsuitable' | 'unavailable';

const KIND_BY_NAME: Record<string, CameraProblemKind> = {
  NotAllowedError: 'permission-denied',
  SecurityError: 'permission-denied',
  PermissionDeniedError: 'permission-denied',
  NotReadableError: 'camera-busy',
  TrackStartError: 'camera-busy',
  AbortError: 'camera-busy',
  NotFoundError: 'no-camera',
  DevicesNotFoundError: 'no-camera',
  OverconstrainedError: 'camera-unsuitable',
  ConstraintNotSatisfiedError: 'camera-unsuitable',
};

export function cameraProblemKind(error: unknown): CameraProblemKind {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return (typeof name === 'string' && KIND_BY_NAME[name]) || 'unavailable';
}

export const CAMERA_HINTS: Record<CameraProblemKind, string> = {
  'permission-denied':
    "Your browser is not letting this site use the camera. Allow Camera and Microphone for this site (the icon next to the address bar) and in your computer's camera privacy setting, then reload the page.",
  'camera-busy':
    'The camera is in use by another app or browser tab, or it stopped responding. Close the other app, such as a video call, or reconnect the camera, then try again.',
  'no-camera': 'No camera was found. Connect a camera, then try again.',
  'camera-unsuitable': 'This camera could not start. Choose another camera from the list.',
  unavailable: 'This browser cannot use a camera on this page. Reload the page, or try another up-to-date browser.',
};

/** Why there is no video, as the hiring company reads it (`POST /api/video-skip`). */
export const SKIP_REASONS: Record<
  CameraProblemKind | 'device-check-failed' | 'recording-unavailable' | 'upload-refused' | 'upload-failing',
  VideoSkipReason
> = {
  'permission-denied': 'camera-permission-denied',
  'camera-busy': 'camera-busy',
  'no-camera': 'no-camera',
  'camera-unsuitable': 'camera-unsuitable',
  unavailable: 'camera-unavailable',
  'device-check-failed': 'device-check-failed',
  /** The camera works, but this browser has no MediaRecorder, or its MediaRecorder refused the stream. */
  'recording-unavailable': 'recording-unavailable',
  'upload-refused': 'upload-refused',
  /** Sending kept failing when the candidate went on; the take may still arrive later. */
  'upload-failing': 'upload-failing',
};
