/**
 * Every message of the camera setup, word for word as the hiring company gave them, and the honest
 * help for camera problems (README.md, What this is). Kept in one place so the wording can be
 * checked and never drifts.
 */
export const MESSAGES = {
  fetchDevices: 'Error fetching devices.',
  deviceCheck: 'Error camera drive check.',
  firstAccess: 'Error accessing camera or microphone. Please reload the site.',
  chosenDevice: 'Error accessing camera or microphone. Please allow access.',
  requestAccess: 'Please request camera access and then start to record.',
} as const;

/** A camera that ends by itself: unplugged, or taken by another app. */
export const CAMERA_STOPPED = 'The camera stopped working.';

export function connectedMessage(deviceLabel: string): string {
  return `${deviceLabel} is connected. Please click "Record Now" Button.`;
}

/** The only help this product gives for a camera problem: settings the candidate controls, nothing else. */
export const WEBCAM_TIPS: readonly string[] = [
  'Allow this site to use your camera and microphone: select the camera or lock icon next to the address bar, set Camera and Microphone to Allow, then reload the page.',
  "Check your computer's camera privacy setting and let your browser use the camera: on Windows under Settings, Privacy & security, Camera; on a Mac under System Settings, Privacy & Security, Camera.",
  'Close other apps and browser tabs that may be using the camera, such as video calls.',
  'Unplug the camera and connect it again, or check that a laptop camera cover is open.',
  'Reload this page.',
  'Try another up-to-date browser, such as Chrome, Edge, Firefox or Safari.',
];
