import { useSyncExternalStore } from 'react';
import { pendingOutboxCount, subscribeOutbox } from './client.ts';

const subscribe = (onChange: () => void) => subscribeOutbox(() => onChange());

/** How many API calls are still waiting for the server, for a discreet "saving..." indicator. */
export function useOutboxPending(): number {
  return useSyncExternalStore(subscribe, pendingOutboxCount, () => 0);
}
