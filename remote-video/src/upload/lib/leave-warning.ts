import type { UploadState } from './video-sender.ts';

/** A take not submitted yet: being recorded, or finished and on screen. */
export interface UnsentTake {
  /** Whether this browser's storage holds it (every piece so far, or the finished file). */
  keptInBrowser: boolean;
}

/**
 * Whether leaving the page now would lose the candidate's take, so the browser should ask first:
 * only this page holds it (the browser would not keep a copy) and the server does not have it
 * whole. A take kept in the browser is offered back or sent on when the section opens again, and a
 * sent one is safe, so neither asks: a question asked for nothing teaches the candidate to ignore
 * it. Neither does a take the server refused for good: keeping the page open would not deliver it.
 */
export function leavingLosesTake(unsent: UnsentTake | null, upload: UploadState): boolean {
  switch (upload.phase) {
    case 'idle':
      return unsent !== null && !unsent.keptInBrowser;
    case 'sending':
    case 'waiting':
      return !upload.keptInBrowser;
    case 'refused':
    case 'sent':
      return false;
  }
}
