import { useWarnBeforeLeaving } from '@assessment/react/leave-warning';
import { leavingLosesTake, type UnsentTake } from '../lib/leave-warning.ts';
import type { UploadState } from './useVideoUpload.ts';

/**
 * The browser's "Leave site?" question while leaving would lose the take (`leavingLosesTake`):
 * the screens tell a candidate whose browser keeps no copy to keep the page open, and this stops
 * the close, reload or Back that would otherwise lose the take by accident.
 */
export function useLeaveWarning(unsent: UnsentTake | null, upload: UploadState): void {
  useWarnBeforeLeaving(leavingLosesTake(unsent, upload));
}
