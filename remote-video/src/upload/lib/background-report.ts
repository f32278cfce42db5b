import type { BackgroundSending } from '@assessment/react/background-sending';
import type { UploadState } from './video-sender.ts';

/**
 * What the sections after this one are told of a take left sending when the candidate went on:
 * until it arrives they must not say that everything did, and once refused, that it never will.
 */
export function backgroundReport(state: UploadState): BackgroundSending | null {
  switch (state.phase) {
    case 'sending':
    case 'waiting':
      return 'sending';
    case 'refused':
      return 'refused';
    case 'idle':
    case 'sent':
      return null;
  }
}
