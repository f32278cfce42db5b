import type { DeviceFacts } from '@assessment/core';

export function currentDeviceFacts(): DeviceFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
  };
}
