import { useEffect } from 'react';
import { notices } from '../lib/notices.ts';

let shownSetups = 0;

/**
 * The camera setup's toasts close when the setup leaves the screen: for the recording, after the
 * video was sent or skipped, or when the candidate leaves the section. React's development checks
 * take a component off and put it back in one go; that is not a leave, so the close waits a
 * microtask and happens only if no setup is on screen by then.
 */
export function useNoticesEndWithSetup(): void {
  useEffect(() => {
    shownSetups += 1;
    return () => {
      shownSetups -= 1;
      queueMicrotask(() => {
        if (shownSetups === 0) notices.closeAll();
      });
    };
  }, []);
}
