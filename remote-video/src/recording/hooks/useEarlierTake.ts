import { useEffect, useState } from 'react';
import { recoverLatestTake } from '../lib/recover-take.ts';
import type { Take } from '../lib/take.ts';

export type EarlierTake = { status: 'looking' } | { status: 'none' } | { status: 'found'; take: Take };

/** Looks once, when the section opens, for a take this session left in the browser. */
export function useEarlierTake(sessionId: string): EarlierTake {
  const [earlier, setEarlier] = useState<EarlierTake>({ status: 'looking' });
  useEffect(() => {
    let cancelled = false;
    void recoverLatestTake(sessionId)
      .catch((error: unknown) => {
        console.error('Could not look for an earlier recording', error);
        return undefined;
      })
      .then((take) => {
        if (!cancelled) setEarlier(take ? { status: 'found', take } : { status: 'none' });
      });
    return () => {
      cancelled = true;
    };
  }, [sessionId]);
  return earlier;
}
