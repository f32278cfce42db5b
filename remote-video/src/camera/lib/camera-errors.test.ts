import { describe, expect, it } from 'vitest';
import { CAMERA_HINTS, cameraProblemKind } from './camera-errors.ts';

const named = (name: string) => Object.assign(new Error('from the browser'), { name });

describe('cameraProblemKind', () => {
  it('tells the camera errors of getUserMedia apart by name', () => {
    expect(cameraProblemKind(named('NotAllowedError'))).toBe('permission-denied');
    expect(cameraProblemKind(named('NotReadableError'))).toBe('camera-busy');
    expect(cameraProblemKind(named('NotFoundError'))).toBe('no-camera');
    expect(cameraProblemKind(named('OverconstrainedError'))).toBe('camera-unsuitable');
  });

  it('treats anything else, or no error object at all, as a camera this page cannot use', () => {
    expect(cameraProblemKind(new TypeError('navigator.mediaDevices is undefined'))).toBe('unavailable');
    expect(cameraProblemKind('a string')).toBe('unavailable');
    expect(cameraProblemKind(null)).toBe('unavailable');
  });

  it('sends the candidate to another app only when another app may hold the camera', () => {
    expect(CAMERA_HINTS['camera-busy']).toMatch(/another app/);
    expect(CAMERA_HINTS['permission-denied']).toMatch(/Allow Camera and Microphone for this site/);
  });
});
