import { SECTION_TOAST, toast } from '@assessment/react';
import { connectedMessage, MESSAGES } from './messages.ts';

/**
 * The section's toasts, bottom right (SECTION_TOAST). Each has a fixed id, so a message that is
 * still on screen is not stacked again by a repeated check or a double render.
 */
const REQUEST_ACCESS_ID = 'video-request-access';

export const notices = {
  askForCameraAccess: () => toast.info(MESSAGES.requestAccess, { ...SECTION_TOAST, toastId: REQUEST_ACCESS_ID }),
  devicesUnreadable: () => toast.warning(MESSAGES.fetchDevices, { ...SECTION_TOAST, toastId: 'video-fetch-devices' }),
  deviceCheckFailed: () => toast.warning(MESSAGES.deviceCheck, { ...SECTION_TOAST, toastId: 'video-device-check' }),
  cameraFailed: (message: string) => toast.error(message, { ...SECTION_TOAST, toastId: `video-camera-${message}` }),
  cameraConnected: (label: string) => {
    toast.dismiss(REQUEST_ACCESS_ID);
    toast.info(connectedMessage(label), { ...SECTION_TOAST, toastId: `video-connected-${label}` });
  },
};
