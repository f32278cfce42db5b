import { SECTION_TOAST, toast } from '@assessment/react';
import { connectedMessage, MESSAGES } from './messages.ts';

/**
 * The section's toasts, bottom right (SECTION_TOAST). Each has a fixed id, so a message that is
 * still on screen is not stacked again by a repeated check or a double render. Each belongs to a
 * state of the camera setup and closes when that state ends: a notice that outlives it (a camera
 * "connected" during the recording, or back in the quiz) no longer tells the truth.
 */
const REQUEST_ACCESS_ID = 'video-request-access';
const DEVICE_CHECK_ID = 'video-device-check';

/** Every toast id shown and not closed yet. */
const open = new Set<string>();

function show(kind: 'info' | 'warning' | 'error', message: string, toastId: string) {
  open.add(toastId);
  toast[kind](message, { ...SECTION_TOAST, toastId });
}

function close(matches: (toastId: string) => boolean) {
  for (const toastId of open) {
    if (!matches(toastId)) continue;
    toast.dismiss(toastId);
    open.delete(toastId);
  }
}

export const notices = {
  askForCameraAccess: () => show('info', MESSAGES.requestAccess, REQUEST_ACCESS_ID),
  devicesUnreadable: () => show('warning', MESSAGES.fetchDevices, 'video-fetch-devices'),
  deviceCheckFailed: () => show('warning', MESSAGES.deviceCheck, DEVICE_CHECK_ID),
  deviceCheckPassed: () => close((toastId) => toastId === DEVICE_CHECK_ID),
  cameraFailed: (message: string) => show('error', message, `video-camera-${message}`),
  /** The camera works: the request and any earlier failure are over. */
  cameraConnected: (label: string) => {
    close((toastId) => toastId === REQUEST_ACCESS_ID || toastId.startsWith('video-camera-'));
    show('info', connectedMessage(label), `video-connected-${label}`);
  },
  /** The camera setup is over: the recording began, the video was sent or skipped, or the candidate left. */
  closeAll: () => close(() => true),
};
