// Imported as `@assessment/react/background-sending`, a subpath the federation does not share: it
// is built into each remote that uses it, so a remote redeployed with it runs under a shell built
// before it existed. Its copies find each other through the page itself: the record is kept on
// `globalThis` under a registered symbol, and every change is a window event.
import { useSyncExternalStore } from 'react';

/**
 * What a section that has closed is still sending for a session, outside the outbox: `sending`
 * (or waiting to try again), or `refused` for good. Nothing once it has arrived.
 */
export type BackgroundSending = 'sending' | 'refused';

const RECORD = Symbol.for('@assessment/react/background-sending');
const CHANGED = 'assessment:background-sending';

function record(): Map<string, BackgroundSending> {
  const page = globalThis as typeof globalThis & { [RECORD]?: Map<string, BackgroundSending> };
  page[RECORD] ??= new Map();
  return page[RECORD];
}

/** Tells the page what is still being sent for `sessionId`, or, with null, that nothing is. */
export function reportBackgroundSending(sessionId: string, sending: BackgroundSending | null): void {
  if ((record().get(sessionId) ?? null) === sending) return;
  if (sending === null) record().delete(sessionId);
  else record().set(sessionId, sending);
  window.dispatchEvent(new Event(CHANGED));
}

export function backgroundSending(sessionId: string): BackgroundSending | null {
  return record().get(sessionId) ?? null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** `backgroundSending`, following every report. */
export function useBackgroundSending(sessionId: string): BackgroundSending | null {
  return useSyncExternalStore(subscribe, () => backgroundSending(sessionId));
}
