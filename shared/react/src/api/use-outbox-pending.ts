import { useSyncExternalStore } from 'react';
import { pendingOutboxCount, refusedOutboxCount, subscribeOutbox } from './client.ts';

const subscribe = (onChange: () => void) => subscribeOutbox(() => onChange());

/** How many API calls are still waiting for the server, for a discreet "saving..." indicator. */
export function useOutboxPending(): number {
  return useSyncExternalStore(subscribe, pendingOutboxCount, () => 0);
}

/** How many calls the server refused for good: a screen must not claim those arrived. */
export function useOutboxRefused(): number {
  return useSyncExternalStore(subscribe, refusedOutboxCount, () => 0);
}
