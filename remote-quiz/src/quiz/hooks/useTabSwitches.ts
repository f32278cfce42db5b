import { withSwitch } from '@assessment/core';
import { useEffect, useState } from 'react';
import type { ProgressStore } from '../lib/progress-store.ts';
import { createSwitchDetector, type SwitchDetector } from '../lib/switch-detector.ts';

/**
 * Records tab and window switches (disclosed on the instructions panel), with the question open
 * at the time. Returns the detector so the picture button can announce its own file picker.
 * Nothing is watched until the quiz has `started`: proctoring is disclosed on the instructions
 * panel before it happens, so leaving the tab while reading them, before Start, is not recorded.
 */
export function useTabSwitches(progress: ProgressStore, started: boolean): SwitchDetector {
  const [detector] = useState(() =>
    createSwitchDetector((awayAt) => {
      progress.setState((state) => {
        const view = state.view;
        return { proctoring: withSwitch(state.proctoring, typeof view === 'number' ? view : null, awayAt) };
      });
    }),
  );

  useEffect(() => {
    if (!started) return;
    const away = () => detector.away();
    const backIfPresent = () => {
      if (document.visibilityState === 'visible' && document.hasFocus()) detector.back();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? away() : backIfPresent());
    window.addEventListener('blur', away);
    window.addEventListener('focus', backIfPresent);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', backIfPresent);
      document.removeEventListener('visibilitychange', onVisibility);
      detector.dispose();
    };
  }, [detector, started]);

  return detector;
}
