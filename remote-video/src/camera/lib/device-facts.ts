import type { DeviceCheckFacts } from '@assessment/core';

/**
 * The parts of the browser the camera check reads, passed in so the check can be tested with a
 * made-up browser. The Permissions API is typed loosely: "camera" is missing from some browsers
 * (and from TypeScript's list), and asking for it there throws.
 */
export interface MediaEnvironment {
  isSecureContext: boolean;
  mediaDevices: Partial<Pick<MediaDevices, 'enumerateDevices' | 'getUserMedia'>> | undefined;
  permissions: { query(descriptor: { name: string }): Promise<{ state: string }> } | undefined;
}

export function browserMediaEnvironment(): MediaEnvironment {
  return {
    isSecureContext: window.isSecureContext,
    mediaDevices: navigator.mediaDevices as MediaEnvironment['mediaDevices'],
    permissions: navigator.permissions as unknown as MediaEnvironment['permissions'],
  };
}

const PERMISSION_STATES = new Set<DeviceCheckFacts['permission']>(['granted', 'denied', 'prompt']);

async function cameraPermission(env: MediaEnvironment): Promise<DeviceCheckFacts['permission']> {
  try {
    const status = await env.permissions?.query({ name: 'camera' });
    const state = status?.state as DeviceCheckFacts['permission'] | undefined;
    return state && PERMISSION_STATES.has(state) ? state : 'unknown';
  } catch {
    return 'unknown';
  }
}

async function countVideoInputs(env: MediaEnvironment): Promise<number> {
  try {
    const devices = (await env.mediaDevices?.enumerateDevices?.()) ?? [];
    return devices.filter((device) => device.kind === 'videoinput').length;
  } catch {
    return 0;
  }
}

/** The facts the camera check decides from, read from the browser itself; `deviceCheckPasses` decides. */
export async function readDeviceFacts(env: MediaEnvironment): Promise<DeviceCheckFacts> {
  const mediaDevicesAvailable =
    typeof env.mediaDevices?.getUserMedia === 'function' && typeof env.mediaDevices.enumerateDevices === 'function';
  const [videoInputs, permission] = await Promise.all([countVideoInputs(env), cameraPermission(env)]);
  return { secureContext: env.isSecureContext, mediaDevicesAvailable, videoInputs, permission };
}
