import type { DeviceCheckFacts } from '@assessment/core';

/** What a failed camera check found, in words, each with the candidate's own way to fix it. */
export function explainFailedCheck(facts: DeviceCheckFacts): string[] {
  const reasons: string[] = [];
  if (!facts.secureContext) {
    reasons.push(
      'This page is not open over a secure (https) address, so the browser keeps the camera off. Open the invitation link exactly as you received it.',
    );
  }
  if (!facts.mediaDevicesAvailable) {
    reasons.push('This browser does not let web pages use a camera here. Try another up-to-date browser.');
  } else if (facts.videoInputs === 0) {
    reasons.push('No camera was found. Connect a camera, or check that it is switched on and not covered.');
  }
  if (facts.permission === 'denied') {
    reasons.push(
      'The camera is blocked for this site. Allow it in the site settings (the icon next to the address bar), then reload the page.',
    );
  }
  return reasons;
}
