import { classifyDevice } from '@assessment/core';
import { currentDeviceFacts, sessionStore, showDeviceBlockedToast } from '@assessment/react';
import { useCallback, useEffect } from 'react';

export const DEVICE_GATE_DELAY_MS = 3000;

/**
 * Desktop or laptop only. Runs 3 s after the landing page appears (so the candidate learns early,
 * before filling in the form) and again on submit. Returns a check that answers "blocked?".
 */
export function useDeviceGate(): () => boolean {
  const check = useCallback(() => {
    const { blocked } = classifyDevice(currentDeviceFacts());
    sessionStore.getState().setBlocked(blocked);
    if (blocked) showDeviceBlockedToast();
    return blocked;
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(check, DEVICE_GATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [check]);

  return check;
}
