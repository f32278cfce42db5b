import { useSyncExternalStore } from 'react';
import { pendingOutboxCount, refusedOutboxCount, subscribeOutbox } from './client.ts';

const subscribe = (onChange: () => void) => subscribeOutbox(() => onChange());

/**
 * How many API calls of this session are still waiting for the server, for a discreet "saving..."
 * indicator. An earlier session's call that this browser still retries is not this session's.
 */
export function useOutboxPending(sessionId: string): number {
  return useSyncExternalStore(
    subscribe,
    () => pendingOutboxCount(sessionId),
    () => 0,
  );
}

/** How many calls of this session the server refused for good: a screen must not claim those arrived. */
export function useOutboxRefused(sessionId: string): number {
  return useSyncExternalStore(
    subscribe,
    () => refusedOutboxCount(sessionId),
    () => 0,
  );
}
