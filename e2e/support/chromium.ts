/** Debian's Chromium; no test tool downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless in a sandbox without internet: no background fetches, updates, sync or first-run screens. */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A fake camera and microphone; the fake UI also answers every permission prompt with Allow. */
export const FAKE_CAMERA_ARG = '--use-fake-device-for-media-stream';
export const ALLOW_CAMERA_PROMPT_ARG = '--use-fake-ui-for-media-stream';
