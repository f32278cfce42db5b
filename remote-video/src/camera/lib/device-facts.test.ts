import { deviceCheckPasses } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { type MediaEnvironment, readDeviceFacts } from './device-facts.ts';

const device = (kind: MediaDeviceKind) => ({ kind, deviceId: '', groupId: '', label: '' }) as MediaDeviceInfo;

function browser(overrides: Partial<MediaEnvironment> = {}): MediaEnvironment {
  return {
    isSecureContext: true,
    mediaDevices: {
      enumerateDevices: async () => [device('audioinput'), device('videoinput'), device('videoinput')],
      getUserMedia: async () => ({}) as MediaStream,
    },
    permissions: { query: async () => ({ state: 'prompt' }) },
    ...overrides,
  };
}

describe('readDeviceFacts', () => {
  it('counts the cameras and reads the camera permission', async () => {
    const facts = await readDeviceFacts(browser());
    expect(facts).toEqual({ secureContext: true, mediaDevicesAvailable: true, videoInputs: 2, permission: 'prompt' });
    expect(deviceCheckPasses(facts)).toBe(true);
  });

  it('fails the check when the candidate blocked the camera', async () => {
    const facts = await readDeviceFacts(browser({ permissions: { query: async () => ({ state: 'denied' }) } }));
    expect(facts.permission).toBe('denied');
    expect(deviceCheckPasses(facts)).toBe(false);
  });

  it('says "unknown" where the browser cannot be asked about the camera permission', async () => {
    const throwing = await readDeviceFacts(
      browser({
        permissions: {
          query: async () => {
            throw new TypeError("'camera' is not a valid value for enumeration PermissionName");
          },
        },
      }),
    );
    expect(throwing.permission).toBe('unknown');
    expect((await readDeviceFacts(browser({ permissions: undefined }))).permission).toBe('unknown');
    expect(deviceCheckPasses(throwing)).toBe(true);
  });

  it('fails the check without a camera, or without media devices at all (an insecure page)', async () => {
    const noCamera = await readDeviceFacts(
      browser({
        mediaDevices: {
          enumerateDevices: async () => [device('audioinput')],
          getUserMedia: async () => ({}) as MediaStream,
        },
      }),
    );
    expect(noCamera.videoInputs).toBe(0);
    expect(deviceCheckPasses(noCamera)).toBe(false);

    const insecure = await readDeviceFacts(browser({ isSecureContext: false, mediaDevices: undefined }));
    expect(insecure).toMatchObject({ secureContext: false, mediaDevicesAvailable: false, videoInputs: 0 });
    expect(deviceCheckPasses(insecure)).toBe(false);
  });

  it('counts no camera when the device list cannot be read', async () => {
    const facts = await readDeviceFacts(
      browser({
        mediaDevices: {
          enumerateDevices: () => Promise.reject(new Error('enumerateDevices failed')),
          getUserMedia: async () => ({}) as MediaStream,
        },
      }),
    );
    expect(facts.videoInputs).toBe(0);
  });
});
